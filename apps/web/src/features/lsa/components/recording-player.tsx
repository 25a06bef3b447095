import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { InlineSpinner } from '../../../components/load-states';
import { downloadRecording } from '../api/download-recording';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; message: string };

/**
 * A lead's call recording: fetched on demand (it is a customer's voice, a few dozen KB),
 * checked to be audio/mpeg (SPEC §5), and played from a blob URL in the browser's own
 * audio controls, which are keyboard-operable. The URL is released when it goes away.
 */
export function RecordingPlayer({
  productId,
  leadId,
  conversationId,
  label,
}: {
  productId: number;
  leadId: number;
  conversationId: number;
  /** Names the recording: "Call from Maria G. on 11/20/2026". */
  label: string;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const url = state.kind === 'ready' ? state.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      const blob = await downloadRecording(productId, leadId, conversationId);
      setState({ kind: 'ready', url: URL.createObjectURL(blob) });
    } catch (error) {
      setState({
        kind: 'failed',
        message: error instanceof Error ? error.message : 'The recording could not be loaded.',
      });
    }
  };

  if (state.kind === 'ready') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a call recording has no captions to offer
      <audio controls autoPlay src={state.url} aria-label={label} data-testid="lsa-recording" />
    );
  }
  return (
    <div>
      <Button
        size="sm"
        variant="outline-primary"
        onClick={() => void load()}
        disabled={state.kind === 'loading'}
        aria-label={`Play recording: ${label}`}
      >
        {state.kind === 'loading' ? (
          <>
            <InlineSpinner /> Loading…
          </>
        ) : (
          'Play recording'
        )}
      </Button>
      {state.kind === 'failed' && (
        <Alert variant="danger" className="small py-1 px-2 mt-2 mb-0" role="alert">
          {state.message}
        </Alert>
      )}
    </div>
  );
}
