// Cells the lottery lists share: a draw's result as digits with its sum and labels, marked 人工开奖 when set by hand.
import { Tag } from '../kit/cells'
import './lottery.css'

export function Result({ result, tags, manual }: { result: string; tags?: string[]; manual?: boolean }) {
  if (!result) return manual ? <Tag tone="warn">人工开奖</Tag> : <span className="kit-muted">—</span>
  const digits = result.split(',')
  const sum = digits.reduce((s, d) => s + Number(d), 0)
  return (
    <span className="lt-result" data-result={result}>
      {digits.map((d, i) => <span key={i} className={`lt-ball${manual ? ' lt-ball-manual' : ''}`}>{d}</span>)}
      <span className="lt-sum">={sum}{tags?.length ? ` ${tags.join(' ')}` : ''}</span>
      {manual && <Tag tone="warn">人工开奖</Tag>}
    </span>
  )
}

/** Text of a result for CSV and the drawer: 3,5,8 (16 大 双)【人工开奖】. */
export const resultText = (result: string, tags: string[] = [], manual = false) =>
  `${result ? `${result}（${result.split(',').reduce((s, d) => s + Number(d), 0)}${tags.length ? ` ${tags.join(' ')}` : ''}）` : ''}${manual ? '【人工开奖】' : ''}`
