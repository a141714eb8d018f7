import { PromoCodesPanel } from './promo-codes-panel.tsx';
import { VipCodesPanel } from './vip-codes-panel.tsx';

/** The Codes tab (issue #37): promo codes and VIP access codes. */
export function CodesPanel() {
  return (
    <div className="space-y-6">
      <PromoCodesPanel />
      <VipCodesPanel />
    </div>
  );
}
