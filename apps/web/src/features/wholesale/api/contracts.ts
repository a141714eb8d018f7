import type { CartIssue, FundraiserDetailOutput, FundraiserOutput, ItemOutput, OrderOutput, ParticipantOutput } from '@kusina/domain/wholesale';

/** Every wholesale answer (wholesale.md §7). */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export type Fundraiser = FundraiserOutput;
export type FundraiserDetail = FundraiserDetailOutput;
export type Item = ItemOutput;
export type Participant = ParticipantOutput;
export type Order = OrderOutput;
export type { CartIssue };
