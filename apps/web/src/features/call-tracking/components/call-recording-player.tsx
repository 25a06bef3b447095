import { useEffect, useState } from 'react';
import { InlineSpinner } from '../../../components/load-states';
import { downloadCallRecording } from '../api/download-call-recording';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; message: string };

/**
 * A call's recording: fetched on demand (a caller's voice), checked to be audio/mpeg (SPEC
 * §5), and played from a blob URL in the browser's own audio controls, which are
 * keyboard-operable. The URL is released when the player goes away.
 */
export function CallRecordingPlayer({
  productId,
  callId,
  label,
}: {
  productId: number;
  callId: number;
  /** Names the recording: "Call from (512) 555-0147 on 11/20/2026, 2:15 PM". */
  label: string;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const url = state.kind === 'ready' ? state.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      const blob = await downloadCallRecording(productId, callId);
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
      <audio controls autoPlay src={state.url} aria-label={label} data-testid="ctm-recording" />
    );
  }
  return (
    <div>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
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
      </button>
      {state.kind === 'failed' && (
        <div className="alert alert-danger small py-1 px-2 mt-2 mb-0" role="alert">
          {state.message}
        </div>
      )}
    </div>
  );
}
