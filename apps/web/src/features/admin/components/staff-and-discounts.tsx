import { StaffMembersPanel } from './staff-members-panel.tsx';
import { DiscountConfigurationsPanel } from './discount-configurations-panel.tsx';

/** Admins: who can be named on a staff order, and the staff discounts (backoffice-reservations.md §3). */
export function StaffAndDiscounts() {
  return (
    <div className="space-y-8">
      <StaffMembersPanel />
      <DiscountConfigurationsPanel />
    </div>
  );
}
