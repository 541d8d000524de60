import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Icon } from '../../ui/icon.tsx';
import { SUPPORT_TOPICS, type SupportQuestion } from './support-topics.ts';
import styles from './support.module.css';

const QUESTION_IDS = new Set(
  SUPPORT_TOPICS.flatMap((topic) => topic.questions.map((question) => question.id)),
);

/**
 * The answers to common questions, one list per topic: each question is a heading holding a
 * button (`aria-expanded`) that shows and hides its answer, so a keyboard opens it with Enter or
 * Space and a screen reader lists the questions by heading. An address naming a question
 * (`#calendar-feed`) opens it; the page's fragment handling then brings it into view and focus.
 * `price` is Premier's price in the reader's language, once the configuration has come.
 */
export function SupportQuestions({ price }: { price: string | undefined }) {
  const { t } = useTranslation('support');
  const { hash, key } = useLocation();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());
  // A new history entry naming a question (the first address, a link, Back, Forward, a fragment
  // typed in the address bar) opens it: adjusted while rendering, so the answer is there when
  // the page's fragment handling looks.
  const entry = `${key}${hash}`;
  const [seenEntry, setSeenEntry] = useState<string | null>(null);
  if (seenEntry !== entry) {
    setSeenEntry(entry);
    const id = hash.slice(1);
    if (QUESTION_IDS.has(id) && !openIds.has(id)) setOpenIds(new Set([...openIds, id]));
  }

  const toggle = (id: string) =>
    setOpenIds((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className={styles.questions} aria-labelledby="support-questions">
      <h2 id="support-questions">{t('questionsTitle')}</h2>
      {SUPPORT_TOPICS.map((topic) => (
        <section key={topic.key} className={styles.topic} aria-labelledby={`topic-${topic.key}`}>
          <h3 id={`topic-${topic.key}`}>{t(`topics.${topic.key}`)}</h3>
          <ul className={styles.questionList}>
            {topic.questions.map((question) => (
              <li key={question.id} id={question.id} className={styles.question}>
                <Question
                  question={question}
                  isOpen={openIds.has(question.id)}
                  onToggle={() => toggle(question.id)}
                  price={price}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function Question({
  question: { id, key, links = [] },
  isOpen,
  onToggle,
  price,
}: {
  question: SupportQuestion;
  isOpen: boolean;
  onToggle: () => void;
  price: string | undefined;
}) {
  const { t } = useTranslation('support');
  const answerId = `${id}-answer`;
  const paragraphs = Object.keys(
    t(`questions.${key}.answer`, { returnObjects: true }) as Record<string, string>,
  );
  // Premier's price comes with the configuration; until then the answer points to its page.
  const textOf = (paragraph: string) =>
    paragraph === 'price' && price === undefined
      ? t(`questions.${key}.withoutPrice`)
      : t(`questions.${key}.answer.${paragraph}`, { price });
  return (
    <>
      <h4 className={styles.questionHeading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={isOpen}
          aria-controls={answerId}
          onClick={onToggle}
        >
          <Icon name="chevron" size={16} className={styles.chevron} />
          <span>{t(`questions.${key}.question`)}</span>
        </button>
      </h4>
      <div id={answerId} className={styles.answer} hidden={!isOpen}>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{textOf(paragraph)}</p>
        ))}
        {links.length > 0 && (
          <ul className={styles.answerLinks}>
            {links.map((link) => (
              <li key={link.key}>
                <Link to={link.to}>{t(`links.${link.key}`)}</Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
