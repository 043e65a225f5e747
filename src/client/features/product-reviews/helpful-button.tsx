import { useState } from 'react';
import { Check, ThumbsUp } from 'lucide-react';
import { useTranslation } from '../../app/i18n-view';
import { useVoteHelpfulMutation } from './helpful-api';
import { rememberVote, votedReviews } from './helpful-votes';

/**
 * "Was this helpful?" with the review's count. The server counts one vote per device; after a vote
 * (or on a device that voted before, as localStorage remembers with the count it was answered) the
 * button says "Thanks" and is done. It stays focusable (aria-disabled), so a keyboard user's place
 * is not lost.
 */
export function HelpfulButton({ id, helpful }: { id: number; helpful: number }) {
  const { t } = useTranslation();
  const [vote, { isLoading, isError }] = useVoteHelpfulMutation();
  // The count the server answered to this device's vote, from this visit or an earlier one.
  const [voted, setVoted] = useState(() => votedReviews().get(id));
  const done = voted !== undefined;
  const count = Math.max(helpful, voted ?? 0);
  const onClick = async () => {
    if (done || isLoading) return;
    try {
      const answer = await vote(id).unwrap();
      rememberVote(id, answer.helpful);
      setVoted(answer.helpful);
    } catch {
      // Shown below; the button may be pressed again.
    }
  };
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted">
      <span>{t('reviews.helpfulAsk')}</span>
      <button
        type="button"
        onClick={onClick}
        aria-disabled={done || isLoading}
        data-testid="helpful"
        className={`inline-flex h-9 items-center gap-2 rounded-full border px-4 font-semibold transition ${
          done ? 'cursor-default border-transparent bg-sand text-olive' : 'border-line bg-white text-ink hover:border-ink'
        }`}
      >
        {done ? <Check size={15} aria-hidden="true" /> : <ThumbsUp size={15} aria-hidden="true" />}
        <span aria-live="polite">{t(done ? 'reviews.helpfulThanks' : 'reviews.helpfulYes', { n: count })}</span>
      </button>
      {isError && (
        <span role="alert" className="text-rose">
          {t('reviews.helpfulFailed')}
        </span>
      )}
    </div>
  );
}
