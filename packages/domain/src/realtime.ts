/**
 * Sent by a node to its own connected sockets when its LISTEN connection to PostgreSQL was lost and
 * is back (decision 0088): events other nodes sent meanwhile never reached it, so each open screen
 * refetches what those events would have told it, exactly as after a reconnect of its own socket.
 */
export const CATCH_UP_EVENT = 'catch_up';

export interface CatchUpEvent {
  /** How long this node could not hear the other nodes, in milliseconds. */
  gap_ms: number;
}
