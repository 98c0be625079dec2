// 验证开奖: recomputes a draw in this browser (Web Crypto) from its revealed seed and says whether the published hash
// and the result match; a manual result (人工开奖) is shown beside what the seed gives.
import { useEffect, useState } from 'react'
import type { Draw } from '../../contract/lottery'
import { Modal, mountModal } from '../kit/form-dialog'
import { Tag } from '../kit/cells'
import { verifyDraw, type VerifyOutcome } from './verify'
import { Result } from './cells'
import './lottery.css'

function Body({ issue, done }: { issue: Draw; done: () => void }) {
  const [out, setOut] = useState<VerifyOutcome | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    verifyDraw({ seed: issue.seed, seed_hash: issue.seed_hash, issue_no: issue.issue_no, result: issue.result, is_manual: issue.is_manual })
      .then(setOut, (e: unknown) => setError(e instanceof Error ? e.message : String(e)))
  }, [issue])
  const ok = out && out.hashOk && (out.resultOk || issue.is_manual)
  return (
    <div className="kit-result" data-testid="verify-result" data-state={out ? 'done' : error ? 'error' : 'running'}
      data-hash-ok={out ? String(out.hashOk) : undefined} data-result-ok={out ? String(out.resultOk) : undefined}>
      {error && <p className="kit-error" role="alert">{error}</p>}
      {!out && !error && <p className="kit-muted">正在本机重新计算…</p>}
      {out && (
        <>
          <div className="lt-verdict">
            {ok ? <Tag tone="ok">验证通过</Tag> : <Tag tone="off">验证不通过</Tag>}
            <span>{out.hashOk ? '种子的 SHA-256 与开奖前公布的哈希一致' : '种子的 SHA-256 与公布的哈希不一致'}；</span>
            <span>{out.resultOk ? '由种子算出的结果与开奖结果一致' : issue.is_manual ? '本期为人工开奖，结果由管理员设定，并非由种子算出' : '由种子算出的结果与开奖结果不一致'}</span>
          </div>
          <dl className="kit-fields">
            <div className="kit-field-row"><dt>期号（HMAC 消息）</dt><dd>{issue.issue_no}</dd></div>
            <div className="kit-field-row"><dt>公布的哈希</dt><dd className="lt-hash">{issue.seed_hash}</dd></div>
            <div className="kit-field-row"><dt>种子</dt><dd className="lt-hash">{issue.seed}</dd></div>
            <div className="kit-field-row"><dt>本机 SHA-256(种子)</dt><dd className="lt-hash" data-testid="verify-hash">{out.hash}</dd></div>
            <div className="kit-field-row"><dt>HMAC-SHA256(种子, 期号)</dt><dd className="lt-hash">{out.hmac}</dd></div>
            <div className="kit-field-row"><dt>本机算出的结果</dt><dd data-testid="verify-computed"><Result result={out.computed} /></dd></div>
            <div className="kit-field-row"><dt>开奖结果</dt><dd><Result result={issue.result} tags={issue.tags} manual={issue.is_manual} /></dd></div>
          </dl>
          <p className="kit-muted">算法：逐字节取 HMAC 输出，字节值小于 250 时取其个位作为一位数字，否则跳过（拒绝采样，无取模偏差），取前三位。</p>
        </>
      )}
      <div className="kit-form-actions">
        <button type="button" className="kit-btn kit-btn-primary" data-autofocus onClick={done}>关闭</button>
      </div>
    </div>
  )
}

export function showVerify(issue: Draw): Promise<void> {
  return mountModal<void>((done) => (
    <Modal title={`验证开奖：第 ${issue.issue_no} 期（${issue.room_name}）`} onClose={() => done()} wide>
      <Body issue={issue} done={() => done()} />
    </Modal>
  ))
}
