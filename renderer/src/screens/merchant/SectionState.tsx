import { FreshnessNote } from '../../components/FreshnessNote';
import { ProblemNote } from '../../components/ProblemNote';
import type { Section } from '../../stores/merchant-store';
import { useMerchantWords } from './merchant-words';

/** Loading, the problem, or how fresh a section's data is. */
export function SectionState<T>({ section, testId, what }: { section: Section<T>; testId: string; what: string }) {
  const w = useMerchantWords();
  return (
    <>
      {section.loading && !section.data && (
        <p className="loading" role="status">
          {w.t('loading')}
        </p>
      )}
      <ProblemNote text={w.problem(section.problem)} />
      <FreshnessNote freshness={section.freshness} testId={testId} what={what} service={w.t('service')} />
    </>
  );
}
