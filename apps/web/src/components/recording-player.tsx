import { useEffect, useState } from 'react';
import { InlineSpinner } from './load-states';

type State =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string }
  | { kind: 'failed'; message: string };

/**
 * A call's recording (LSA leads, tracked calls): fetched on demand, since it is a customer's
 * voice, by `load` (which checks it is audio/mpeg, SPEC §5), then played from a blob URL in
 * the browser's own audio controls, which are keyboard-operable. The URL is released when
 * the player goes away.
 */
export function RecordingPlayer({
  load,
  label,
  testId,
}: {
  load: () => Promise<Blob>;
  /** Names the recording: "Call from Maria G. on 11/20/2026". */
  label: string;
  testId: string;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const url = state.kind === 'ready' ? state.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const play = async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', url: URL.createObjectURL(await load()) });
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
      <audio controls autoPlay src={state.url} aria-label={label} data-testid={testId} />
    );
  }
  return (
    <div>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={() => void play()}
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
