import { parseBlogBody } from '../../../shared/domain/blog-body';

/** A post's text: subheadings and paragraphs, the first paragraph set larger as the lead. */
export function PostBody({ body }: { body: string }) {
  const blocks = parseBlogBody(body);
  let lead = true;
  return (
    <div data-testid="blog-body">
      {blocks.map((b, i) => {
        if (b.kind === 'h2')
          return (
            <h2 key={i} className="mt-12 font-display text-3xl font-semibold leading-tight first:mt-0">
              {b.text}
            </h2>
          );
        const first = lead;
        lead = false;
        return (
          <p key={i} className={first ? 'text-xl leading-relaxed text-olive first:mt-0' : 'mt-5 text-lg leading-relaxed text-ink/90'}>
            {b.text}
          </p>
        );
      })}
    </div>
  );
}
