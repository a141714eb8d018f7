import type { MenuItemOutput } from '@kusina/domain/menu';
import { Badge } from '../../../components/ui/badge.tsx';

type DietaryFlag = 'vegetarian' | 'vegan' | 'gluten_free' | 'dairy_free' | 'nut_free' | 'spicy';

const FLAGS: { key: DietaryFlag; label: string }[] = [
  { key: 'vegetarian', label: 'Vegetarian' },
  { key: 'vegan', label: 'Vegan' },
  { key: 'gluten_free', label: 'Gluten free' },
  { key: 'dairy_free', label: 'Dairy free' },
  { key: 'nut_free', label: 'Nut free' },
  { key: 'spicy', label: 'Spicy' },
];

export function dietaryLabels(item: Pick<MenuItemOutput, DietaryFlag>): string[] {
  return FLAGS.filter(({ key }) => item[key]).map(({ label }) => label);
}

/** The item's dietary flags as words (never colour or an icon alone). */
export function DietaryBadges({ item }: { item: Pick<MenuItemOutput, DietaryFlag> }) {
  const labels = dietaryLabels(item);
  if (labels.length === 0) return null;
  return (
    <ul aria-label="Dietary information" className="flex flex-wrap gap-1.5">
      {labels.map((label) => (
        <li key={label}>
          <Badge tone={label === 'Spicy' ? 'danger' : 'success'}>{label}</Badge>
        </li>
      ))}
    </ul>
  );
}
