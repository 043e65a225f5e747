import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../app/i18n-view';
import { X } from 'lucide-react';

/** Tags as removable chips; Enter or a comma adds what was typed, Backspace on empty removes the last. */
export function TagInput({
  id,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation('admin-catalog');
  const [text, setText] = useState('');
  const add = () => {
    const tags = text
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const next = [...value];
    for (const tag of tags) if (!next.includes(tag)) next.push(tag);
    if (next.length !== value.length) onChange(next);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <div className={`field flex flex-wrap items-center gap-1.5 py-1.5 focus-within:outline-2 focus-within:outline-amber`} aria-invalid={invalid}>
      {value.map((tag) => (
        <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-sand px-2.5 py-0.5 text-xs font-semibold">
          {tag}
          <button
            type="button"
            onClick={() => onChange(value.filter((x) => x !== tag))}
            className="rounded-full text-muted hover:text-ink"
            aria-label={t('organisation.removeTag', { tag })}
          >
            <X size={12} aria-hidden="true" />
          </button>
        </span>
      ))}
      <input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        placeholder={value.length ? '' : t('organisation.tagsPlaceholder')}
        className="min-w-[8rem] flex-1 bg-transparent py-1 text-sm outline-none"
      />
    </div>
  );
}
