import {
  type FieldError,
  formatInstantDateTime,
  localDateTimeToInstant,
  POST_SCHEDULE_MAX_DAYS,
  POST_SCHEDULE_MIN_LEAD_SECONDS,
  type PostSource,
  postInputProblems,
  type postInputSchema,
} from '@pinpoint/contracts';
import type { z } from 'zod';
import { badRequest } from '../../kernel/lib/app-error';
import type { NewPostRow } from './posts.repository';

export type PostInputData = z.output<typeof postInputSchema>;

/** What a valid input writes on the post, and when its write may go out (null: now). */
export interface CheckedPost {
  fields: Pick<
    NewPostRow,
    | 'topicType'
    | 'summary'
    | 'ctaType'
    | 'ctaUrl'
    | 'eventTitle'
    | 'eventStart'
    | 'eventEnd'
    | 'offer'
    | 'imageId'
    | 'mediaUrl'
  >;
  sendAfter: Date | null;
}

/**
 * Checks a post against its vendor's rules (contracts' postInputProblems, the same the form
 * shows) and its schedule against the clock, in the company's zone. Every problem is named
 * by its field (`body.summary`…) in one 400; nothing is written before this passes.
 */
export function checkPostInput(
  source: PostSource,
  input: PostInputData,
  context: { timeZone: string; now: Date },
): CheckedPost {
  const details: FieldError[] = postInputProblems(source, input).map((p) => ({
    path: `body.${p.path}`,
    message: p.message,
  }));
  let sendAfter: Date | null = null;
  if (input.action === 'schedule') {
    if (!input.scheduledFor) {
      details.push({ path: 'body.scheduledFor', message: 'Choose when it goes out.' });
    } else {
      sendAfter = localDateTimeToInstant(input.scheduledFor, context.timeZone);
      const lead = sendAfter.getTime() - context.now.getTime();
      if (Number.isNaN(lead) || lead < POST_SCHEDULE_MIN_LEAD_SECONDS * 1000) {
        details.push({
          path: 'body.scheduledFor',
          message: `Choose a time in the future (it is now ${formatInstantDateTime(context.now, context.timeZone)} in ${context.timeZone}).`,
        });
      } else if (lead > POST_SCHEDULE_MAX_DAYS * 86_400_000) {
        details.push({ path: 'body.scheduledFor', message: 'Schedule it at most a year ahead.' });
      }
    }
  }
  if (details.length > 0) throw badRequest('Check the highlighted fields.', details);

  const dated = input.topicType === 'EVENT' || input.topicType === 'OFFER';
  const event = dated ? input.event : null;
  const offer =
    input.topicType === 'OFFER' && input.offer
      ? Object.fromEntries(Object.entries(input.offer).filter(([, value]) => value !== ''))
      : null;
  return {
    fields: {
      topicType: input.topicType,
      summary: input.summary,
      ctaType: source === 'google' ? input.ctaType : null,
      ctaUrl: input.ctaType === 'CALL' ? null : input.ctaUrl || null,
      eventTitle: event?.title ?? null,
      eventStart: event ? localDateTimeToInstant(event.start, context.timeZone) : null,
      eventEnd: event ? localDateTimeToInstant(event.end, context.timeZone) : null,
      offer,
      imageId: input.imageId,
      mediaUrl: input.mediaUrl,
    },
    sendAfter: input.action === 'schedule' ? sendAfter : null,
  };
}

/** The client's approval request: what the post says and when it would go out. */
export function approvalText(
  source: PostSource,
  summary: string,
  sendAfter: Date | null,
  timeZone: string,
): { title: string; body: string } {
  const excerpt = summary.length > 200 ? `${summary.slice(0, 197)}...` : summary;
  const when = sendAfter
    ? `Scheduled for ${formatInstantDateTime(sendAfter, timeZone)} (${timeZone}).`
    : 'It is published as soon as you approve it.';
  return {
    title: `Approve a post for ${source === 'facebook' ? 'Facebook' : 'Google'}`,
    body: `${excerpt}\n\n${when}`,
  };
}
