/** The demo accounts the README lists; one per role, plus an admin of the second restaurant. */
export const DEMO_PASSWORD = 'HafaAdai!2026';

export const demoAccounts = [
  { email: 'super@kusina.test', firstName: 'Sina', lastName: 'Superadmin', role: 'super_admin', restaurantId: 1, phone: '+16715550100' },
  { email: 'admin@kusina.test', firstName: 'Ana', lastName: 'Admin', role: 'admin', restaurantId: 1, phone: '+16715550101' },
  { email: 'staff@kusina.test', firstName: 'Kekoa', lastName: 'Staff', role: 'staff', restaurantId: 1, phone: '+16715550102' },
  { email: 'customer@kusina.test', firstName: 'Maria', lastName: 'Cruz', role: 'customer', restaurantId: 1, phone: '+16715550103' },
  { email: 'admin2@kusina.test', firstName: 'Leilani', lastName: 'Blue', role: 'admin', restaurantId: 2, phone: '+16715550201' },
  // A fundraiser organiser (decision 0124): manages only the Tamuning Tigers fundraiser (seed/wholesale.ts).
  { email: 'coach@kusina.test', firstName: 'Rosa', lastName: 'Coach', role: 'organiser', restaurantId: 1, phone: '+16715550104' },
] as const;
