import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast.ts';
import { DEFAULT_SMS_COUNTRY_CODES, smsCountryCodes, type AdminSettings, type RestaurantOutput, type SiteSettingsOutput } from '@kusina/domain/restaurants';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { getRestaurantId } from '../../../lib/restaurant-id.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { useRestaurantRecord } from '../api/get-restaurant.ts';
import { useSaveRestaurantSettings } from '../api/save-restaurant-settings.ts';
import { useSiteSettingsOf } from '../api/get-site-settings.ts';

export const RestaurantSettingsMessages = {
  loadFailed: 'Failed to load settings.',
  saveFailed: 'Failed to save settings. See console for details.',
  saved: 'Settings saved.',
} as const;

/**
 * The Restaurant tab of /admin: what customers see of the restaurant (name, address, phone, email,
 * social links; the header, footer and confirmation read them), where and how they pick up, the
 * home page's hero and Book Your Table button, the country codes it texts (issue #33), and the
 * online payment processor. Everything is
 * saved together; the server checks each field and its messages land on the fields. The other
 * admin settings (reservations' JSON) are kept as they are (decision 0066).
 */
export function RestaurantSettings() {
  const restaurantId = useAuthStore((state) => state.user?.restaurant_id) ?? getRestaurantId();
  const restaurant = useRestaurantRecord(restaurantId);
  const site = useSiteSettingsOf(restaurantId);
  if (restaurant.isPending || site.isPending) {
    return (
      <div role="status" aria-label="Loading settings" className="space-y-3">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (restaurant.isError || site.isError) return <Alert tone="error">{RestaurantSettingsMessages.loadFailed}</Alert>;
  // The form starts from what was loaded and keeps what is typed: a refetch (after a save, or a
  // change made elsewhere) never wipes an edit in progress.
  return <SettingsForm key={restaurantId} restaurantId={restaurantId} restaurant={restaurant.data} site={site.data} />;
}

type Profile = Record<'name' | 'address' | 'phone_number' | 'contact_email' | 'facebook_url' | 'instagram_url' | 'twitter_url' | 'custom_pickup_location', string>;

function SettingsForm({ restaurantId, restaurant, site }: { restaurantId: number; restaurant: RestaurantOutput; site: SiteSettingsOutput }) {
  const save = useSaveRestaurantSettings(restaurantId);
  const settings: AdminSettings = restaurant.admin_settings ?? {};
  const [profile, setProfile] = useState<Profile>({
    name: restaurant.name,
    address: restaurant.address ?? '',
    phone_number: restaurant.phone_number ?? '',
    contact_email: restaurant.contact_email ?? '',
    facebook_url: restaurant.facebook_url ?? '',
    instagram_url: restaurant.instagram_url ?? '',
    twitter_url: restaurant.twitter_url ?? '',
    custom_pickup_location: restaurant.custom_pickup_location ?? '',
  });
  const [instructions, setInstructions] = useState(settings.custom_pickup_instructions ?? '');
  const [hero, setHero] = useState(site.hero_image_url ?? '');
  const [bookButton, setBookButton] = useState(settings.reservations?.enable_reservations_button !== false);
  const gateway = settings.payment_gateway;
  const [processor, setProcessor] = useState<'stripe' | 'paypal'>(gateway?.payment_processor ?? 'paypal');
  const [publishableKey, setPublishableKey] = useState(gateway?.publishable_key ?? '');
  const [clientId, setClientId] = useState(gateway?.client_id ?? '');
  const [testMode, setTestMode] = useState(gateway?.test_mode !== false);
  // The codes in effect (the restaurant's, or the default), as typed: comma or space separated.
  const [smsCodes, setSmsCodes] = useState(smsCountryCodes(settings).join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const field = (key: keyof Profile) => ({
    value: profile[key],
    onChange: (event: { target: { value: string } }) => setProfile((current) => ({ ...current, [key]: event.target.value })),
    error: errors[key],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!profile.name.trim()) return setErrors({ name: 'Name is required' });
    setErrors({});
    // Blank: back to the default. Unchanged: kept as stored (an unset setting stays unset). The
    // server checks each code and names the bad one.
    const codes = smsCodes.split(/[\s,]+/).filter(Boolean);
    const codesUnchanged = codes.join(',') === smsCountryCodes(settings).join(',');
    const adminSettings: AdminSettings = {
      ...settings,
      sms_country_codes: codesUnchanged ? settings.sms_country_codes : codes.length > 0 ? codes : undefined,
      custom_pickup_instructions: instructions.trim() || undefined,
      reservations: { ...settings.reservations, enable_reservations_button: bookButton },
      payment_gateway: {
        ...gateway,
        payment_processor: processor,
        publishable_key: publishableKey.trim() || undefined,
        client_id: clientId.trim() || undefined,
        test_mode: testMode,
      },
    };
    // Props follow the queries: the comparison and the merged admin settings use the latest data.
    const heroChanged = hero.trim() !== (site.hero_image_url ?? '');
    save.mutate(
      { restaurant: { ...profile, admin_settings: adminSettings }, site: heroChanged ? { hero_image_url: hero.trim() } : null },
      {
        onSuccess: () => toast.success(RestaurantSettingsMessages.saved),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          // Nested admin settings fields come back as admin_settings.payment_gateway.publishable_key,
          // a list's entries as admin_settings.sms_country_codes.2: the field is the last name.
          const mapped = Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.split('.').filter((part) => !/^\d+$/.test(part)).at(-1) ?? key, message]));
          setErrors(mapped);
          if (Object.keys(mapped).length === 0) {
            console.error(error);
            setFormError(errorMessage(error, RestaurantSettingsMessages.saveFailed));
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-label="Restaurant settings">
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Section title="Profile" description="Shown in the header, the footer and on order confirmations.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Restaurant name" required maxLength={120} {...field('name')} />
          <TextField label="Address" maxLength={300} {...field('address')} />
          <TextField label="Phone" type="tel" autoComplete="off" hint="e.g. +16716464461" {...field('phone_number')} />
          <TextField label="Contact email" type="email" autoComplete="off" {...field('contact_email')} />
          <TextField label="Facebook" type="url" placeholder="https://facebook.com/…" {...field('facebook_url')} />
          <TextField label="Instagram" type="url" placeholder="https://instagram.com/…" {...field('instagram_url')} />
          <TextField label="Twitter" type="url" placeholder="https://x.com/…" {...field('twitter_url')} />
        </div>
      </Section>

      <Section title="Pickup" description="Where customers collect their orders.">
        <TextField label="Custom pickup location" hint="Leave blank to use the restaurant's address. Customers see a notice when it is set." maxLength={300} {...field('custom_pickup_location')} />
        <FormField label="Pickup instructions" hint="Shown on the confirmation. Leave blank for the standard three steps." error={errors.custom_pickup_instructions}>
          {(control) => <Textarea {...control} rows={3} maxLength={1000} value={instructions} onChange={(event) => setInstructions(event.target.value)} />}
        </FormField>
      </Section>

      <Section title="Home page" description="The first screen of the storefront.">
        <TextField label="Hero image" hint="A /path on this site or an https:// address. Leave blank for the standard artwork." value={hero} onChange={(event) => setHero(event.target.value)} error={errors.hero_image_url} />
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className="size-5 accent-brand" checked={bookButton} onChange={(event) => setBookButton(event.target.checked)} />
          Show Book Your Table on the home page
        </label>
      </Section>

      <Section title="Text messages" description="Texts (order confirmations, booking messages, phone codes) go only to numbers with these country codes.">
        <TextField
          label="Country codes for texts"
          hint={`Separate with commas, e.g. +1, +63. Leave blank for the default: ${DEFAULT_SMS_COUNTRY_CODES.join(', ')}.`}
          autoComplete="off"
          value={smsCodes}
          onChange={(event) => setSmsCodes(event.target.value)}
          error={errors.sms_country_codes}
        />
      </Section>

      <Section title="Online payments" description="The processor customers pay with at checkout. Secret keys stay in the server's configuration, never here.">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Payment processor" error={errors.payment_processor}>
            {(control) => (
              <Select {...control} value={processor} onChange={(event) => setProcessor(event.target.value as 'stripe' | 'paypal')}>
                <option value="paypal">PayPal</option>
                <option value="stripe">Stripe</option>
              </Select>
            )}
          </FormField>
          {processor === 'stripe' ? (
            <TextField label="Stripe publishable key" placeholder="pk_live_…" value={publishableKey} onChange={(event) => setPublishableKey(event.target.value)} error={errors.publishable_key} />
          ) : (
            <TextField label="PayPal client ID" value={clientId} onChange={(event) => setClientId(event.target.value)} error={errors.client_id} />
          )}
        </div>
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input type="checkbox" className="size-5 accent-brand" checked={testMode} onChange={(event) => setTestMode(event.target.checked)} />
          Test mode (the test card form; no real charges)
        </label>
      </Section>

      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-line bg-surface-raised p-4 shadow-sm sm:p-6">
      <div>
        <h2 id={headingId} className="text-xl font-bold">
          {title}
        </h2>
        <p className="text-sm text-ink-muted">{description}</p>
      </div>
      {children}
    </section>
  );
}
