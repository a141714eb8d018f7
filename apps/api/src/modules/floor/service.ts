/**
 * The floor as the rest of the API meets it (decision 0096): its layouts and seats, and the seat
 * allocations a reservation or waitlist write frees or moves inside its own transaction. Seating
 * (modules/seating), above the floor and reservations, is what seats a party.
 */
export * from './layouts.ts';
export { allocationHoldsSql, announceSeatsChanged, liveSeatCount, moveHeldSeats, releaseHeldSeats, releaseOccupantSeats } from './allocation-release.ts';
