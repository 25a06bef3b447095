import {
  instantToLocalDateTime,
  POST_CTA_LABELS,
  POST_CTA_TYPES,
  POST_LIMITS,
  POST_TOPIC_LABELS,
  POST_TOPICS,
  type Post,
  type PostCtaType,
  type PostInput,
  type PostSource,
  type PostTopic,
  postInputProblems,
} from '@pinpoint/contracts';
import { useId, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../lib/api-error';
import { useSavePost } from '../api/save-post';
import { newPostKey } from '../post-format';
import { type PostImage, PostImageField } from './post-image-field';

type Action = 'publish' | 'schedule' | 'draft';

/**
 * The form field a problem shows under: the server names the picture `imageId` or `mediaUrl`
 * (one field here), and an event's start and end have fields of their own beside its title.
 */
function fieldOf(path: string): string {
  if (path === 'event.start') return 'eventStart';
  if (path === 'event.end') return 'eventEnd';
  const field = path.split('.')[0] ?? path;
  return field === 'imageId' || field === 'mediaUrl' ? 'image' : field;
}

/** One message per field: the first problem found, as the checks run in reading order. */
function byField(problems: readonly { path: string; message: string }[]) {
  const shown: Record<string, string> = {};
  for (const p of problems) shown[fieldOf(p.path)] ??= p.message;
  return shown;
}

export interface PostFormProps {
  productId: number;
  companyId: number;
  source: PostSource;
  timeZone: string;
  /** Editing this post; a new one otherwise. */
  post?: Post;
  onDone(post: Post): void;
  onCancel(): void;
}

/** The composer: topic, text with its vendor's limit, button, dates, picture, and when. */
export function PostForm({
  productId,
  companyId,
  source,
  timeZone,
  post,
  onDone,
  onCancel,
}: PostFormProps) {
  const id = useId();
  const google = source === 'google';
  const [key] = useState(newPostKey);
  const [topic, setTopic] = useState<PostTopic>(post?.topicType ?? 'STANDARD');
  const [summary, setSummary] = useState(post?.summary ?? '');
  const [ctaType, setCtaType] = useState<PostCtaType | ''>(post?.ctaType ?? '');
  const [ctaUrl, setCtaUrl] = useState(post?.ctaUrl ?? '');
  const [eventTitle, setEventTitle] = useState(post?.event?.title ?? '');
  const [eventStart, setEventStart] = useState(post?.event?.start ?? '');
  const [eventEnd, setEventEnd] = useState(post?.event?.end ?? '');
  const [coupon, setCoupon] = useState(post?.offer?.couponCode ?? '');
  const [terms, setTerms] = useState(post?.offer?.terms ?? '');
  const [image, setImage] = useState<PostImage | null>(
    post?.imageUrl && (post.imageId || post.mediaUrl)
      ? { imageId: post.imageId, mediaUrl: post.mediaUrl, url: post.imageUrl }
      : null,
  );
  const [uploading, setUploading] = useState(false);
  const [action, setAction] = useState<Action>(post?.scheduledForLocal ? 'schedule' : 'publish');
  const [when, setWhen] = useState(
    post?.scheduledForLocal ??
      instantToLocalDateTime(new Date(Date.now() + 3_600_000), timeZone).slice(0, 16),
  );
  const [shown, setShown] = useState<Record<string, string>>({});
  const save = useSavePost();
  const limit = POST_LIMITS[source].summary;

  const input = useMemo((): PostInput => {
    const dated = google && topic !== 'STANDARD';
    return {
      topicType: google ? topic : 'STANDARD',
      summary,
      ctaType: google && ctaType ? ctaType : null,
      // The link goes only with a button that opens one (not "Call now", not none), as its
      // field shows; a link typed before another button was chosen is not sent.
      ctaUrl: !google || (ctaType && ctaType !== 'CALL') ? ctaUrl.trim() || null : null,
      event: dated ? { title: eventTitle, start: eventStart, end: eventEnd } : null,
      offer: google && topic === 'OFFER' ? { couponCode: coupon, redeemUrl: '', terms } : null,
      imageId: image?.imageId ?? null,
      mediaUrl: image?.mediaUrl ?? null,
      action,
      scheduledFor: action === 'schedule' ? when : null,
      idempotencyKey: key,
    };
  }, [
    google,
    topic,
    summary,
    ctaType,
    ctaUrl,
    eventTitle,
    eventStart,
    eventEnd,
    coupon,
    terms,
    image,
    action,
    when,
    key,
  ]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems = postInputProblems(source, {
      ...input,
      topicType: input.topicType ?? 'STANDARD',
      summary: input.summary,
      ctaType: input.ctaType ?? null,
      ctaUrl: input.ctaUrl ?? null,
      event: input.event ?? null,
      offer: input.offer ? { couponCode: coupon, redeemUrl: '', terms } : null,
      imageId: input.imageId ?? null,
      mediaUrl: input.mediaUrl ?? null,
    });
    if (action === 'schedule' && !when)
      problems.push({ path: 'scheduledFor', message: 'Choose when it goes out.' });
    if (problems.length) {
      setShown(byField(problems));
      return;
    }
    setShown({});
    save.mutate(
      { productId, source, postId: post?.id, input },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError) {
            const fields = error.fieldErrors();
            setShown(byField(Object.entries(fields).map(([path, message]) => ({ path, message }))));
          }
        },
      },
    );
  };

  const invalid = (field: string) => (shown[field] ? true : undefined);
  const feedback = (field: string) =>
    shown[field] ? (
      <Form.Control.Feedback type="invalid">{shown[field]}</Form.Control.Feedback>
    ) : null;

  return (
    <Form
      noValidate
      onSubmit={submit}
      aria-label={post ? 'Edit post' : 'New post'}
      className="border rounded p-3 mb-4"
    >
      {google && (
        <Form.Group className="mb-3" controlId={`${id}-topic`}>
          <Form.Label>Kind of post</Form.Label>
          <Form.Select value={topic} onChange={(e) => setTopic(e.target.value as PostTopic)}>
            {POST_TOPICS.map((t) => (
              <option key={t} value={t}>
                {POST_TOPIC_LABELS[t]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
      <Form.Group className="mb-3" controlId={`${id}-summary`}>
        <Form.Label>Text</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={summary}
          isInvalid={invalid('summary')}
          onChange={(e) => setSummary(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        <Form.Text
          id={`${id}-count`}
          aria-live="polite"
          className={summary.length > limit ? 'text-danger' : undefined}
        >
          {summary.length.toLocaleString('en-US')} of {limit.toLocaleString('en-US')} characters
        </Form.Text>
        {feedback('summary')}
      </Form.Group>
      {google && topic !== 'STANDARD' && (
        <fieldset className="mb-3">
          <legend className="fs-6">{topic === 'OFFER' ? 'Offer' : 'Event'}</legend>
          <Form.Group className="mb-2" controlId={`${id}-event-title`}>
            <Form.Label>Title</Form.Label>
            <Form.Control
              value={eventTitle}
              isInvalid={invalid('event')}
              maxLength={POST_LIMITS.google.eventTitle}
              onChange={(e) => setEventTitle(e.target.value)}
            />
            {feedback('event')}
          </Form.Group>
          <div className="d-flex gap-3 flex-wrap">
            <Form.Group controlId={`${id}-event-start`}>
              <Form.Label>Starts</Form.Label>
              <Form.Control
                type="datetime-local"
                value={eventStart}
                isInvalid={invalid('eventStart')}
                onChange={(e) => setEventStart(e.target.value)}
              />
              {feedback('eventStart')}
            </Form.Group>
            <Form.Group controlId={`${id}-event-end`}>
              <Form.Label>Ends</Form.Label>
              <Form.Control
                type="datetime-local"
                value={eventEnd}
                isInvalid={invalid('eventEnd')}
                onChange={(e) => setEventEnd(e.target.value)}
              />
              {feedback('eventEnd')}
            </Form.Group>
          </div>
          {topic === 'OFFER' && (
            <div className="d-flex gap-3 flex-wrap mt-2">
              <Form.Group controlId={`${id}-coupon`}>
                <Form.Label>Coupon code (optional)</Form.Label>
                <Form.Control value={coupon} onChange={(e) => setCoupon(e.target.value)} />
              </Form.Group>
              <Form.Group controlId={`${id}-terms`} className="flex-grow-1">
                <Form.Label>Terms (optional)</Form.Label>
                <Form.Control value={terms} onChange={(e) => setTerms(e.target.value)} />
              </Form.Group>
            </div>
          )}
        </fieldset>
      )}
      <div className="d-flex gap-3 flex-wrap mb-3">
        {google && (
          <Form.Group controlId={`${id}-cta`}>
            <Form.Label>Button</Form.Label>
            <Form.Select
              value={ctaType}
              isInvalid={invalid('ctaType')}
              onChange={(e) => setCtaType(e.target.value as PostCtaType | '')}
            >
              <option value="">No button</option>
              {POST_CTA_TYPES.map((c) => (
                <option key={c} value={c}>
                  {POST_CTA_LABELS[c]}
                </option>
              ))}
            </Form.Select>
            {feedback('ctaType')}
          </Form.Group>
        )}
        {(!google || (ctaType && ctaType !== 'CALL')) && (
          <Form.Group controlId={`${id}-url`} className="flex-grow-1">
            <Form.Label>{google ? 'Button link' : 'Link (optional)'}</Form.Label>
            <Form.Control
              type="url"
              inputMode="url"
              placeholder="https://"
              value={ctaUrl}
              isInvalid={invalid('ctaUrl')}
              onChange={(e) => setCtaUrl(e.target.value)}
            />
            {feedback('ctaUrl')}
          </Form.Group>
        )}
      </div>
      <PostImageField
        id={id}
        companyId={companyId}
        photosProductId={google ? productId : null}
        image={image}
        onImage={setImage}
        error={shown.image}
        onError={(message) =>
          setShown(({ image: _gone, ...rest }) => (message ? { ...rest, image: message } : rest))
        }
        onBusy={setUploading}
      />
      <fieldset className="mb-3">
        <legend className="fs-6">When</legend>
        {(['publish', 'schedule', 'draft'] as const).map((a) => (
          <Form.Check
            key={a}
            type="radio"
            inline
            id={`${id}-${a}`}
            name={`${id}-action`}
            checked={action === a}
            onChange={() => setAction(a)}
            label={
              a === 'publish' ? 'Publish now' : a === 'schedule' ? 'Schedule' : 'Save as draft'
            }
          />
        ))}
        {action === 'schedule' && (
          <Form.Group className="mt-2" controlId={`${id}-when`}>
            <Form.Label>Publish at ({timeZone.replace(/_/g, ' ')} time)</Form.Label>
            <Form.Control
              type="datetime-local"
              step={1}
              value={when}
              isInvalid={invalid('scheduledFor')}
              onChange={(e) => setWhen(e.target.value)}
              style={{ maxWidth: '16rem' }}
            />
            {feedback('scheduledFor')}
          </Form.Group>
        )}
      </fieldset>
      {save.isError &&
        !(save.error instanceof ApiError && Object.keys(save.error.fieldErrors()).length) && (
          <Alert variant="danger">{save.error.message}</Alert>
        )}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={save.isPending || uploading}>
          {save.isPending
            ? 'Saving…'
            : action === 'publish'
              ? 'Publish'
              : action === 'schedule'
                ? 'Schedule'
                : 'Save draft'}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
