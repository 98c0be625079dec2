// 谷歌验证: the admin's own authenticator: QR and secret while unbound, a code tester, and the on/off switch (a valid code needed).
import { useEffect, useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { api } from '../../core/api'
import { consoleState } from '../../core/context'
import { invokeCommand } from '../../core/invoke'
import type { GoogleStatus } from '../../contract/admin'
import { MENU } from '../../contract/menus'
import { Tag } from '../kit/cells'
import { ScreenHead } from '../kit/screen'
import { PageState } from '../kit/form-page'

const KEY = MENU.google
const clean = (s: string) => s.replace(/\D/g, '').slice(0, 6)

function CodeForm({ label, button, testid, onCode }: { label: string; button: string; testid: string; onCode: (code: string) => Promise<void> }) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (code.length !== 6 || busy) return
    setBusy(true)
    await onCode(code)
    setBusy(false)
    setCode('')
  }
  return (
    <form className="kit-google-form" onSubmit={(e) => void submit(e)} data-testid={testid}>
      <label>
        {label}
        <input className="kit-input" inputMode="numeric" autoComplete="one-time-code" placeholder="6 位数字" value={code} onChange={(e) => setCode(clean(e.target.value))} />
      </label>
      <button type="submit" className="kit-btn kit-btn-primary" disabled={code.length !== 6 || busy}>{busy ? '提交中…' : button}</button>
    </form>
  )
}

export default function GoogleScreen() {
  const refresh = useSnapshot(consoleState).refresh[KEY] ?? 0
  const [status, setStatus] = useState<GoogleStatus | null>(null)
  const [state, setState] = useState<'loading' | 'error' | 'ok'>('loading')
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    api.google.index(undefined, { silent: true }).then(
      (s) => { if (live) { setStatus(s); setState('ok') } },
      () => { if (live) setState('error') },
    )
    return () => { live = false }
  }, [refresh, attempt])

  const on = status?.is_open_google_auth ?? false
  return (
    <section className="kit-screen kit-google" data-testid="google-auth">
      <ScreenHead title="谷歌验证" hint="用身份验证器（Google Authenticator 等）扫描二维码，开启后登录需要 6 位验证码" />
      <PageState state={status ? 'ok' : state} onRetry={() => { setState('loading'); setAttempt((n) => n + 1) }}>
        {status && (
          <>
            <div className="kit-banner">
              <span>状态：<Tag tone={on ? 'ok' : 'off'}>{on ? '已开启' : '未开启'}</Tag></span>
              <span>身份验证器：{status.bound ? '已绑定' : '未绑定'}</span>
            </div>
            {status.qr_svg && (
              <div className="kit-google-bind">
                {/* The server renders the QR itself (qrcode-generator); it is our own markup, not user input. */}
                <div className="kit-qr" aria-label="绑定二维码" role="img" dangerouslySetInnerHTML={{ __html: status.qr_svg }} />
                <div>
                  <p>无法扫码时手动输入密钥：</p>
                  <code className="kit-secret" data-testid="google-secret">{status.secret}</code>
                </div>
              </div>
            )}
            <CodeForm label="测试验证码" button="测试" testid="google-test" onCode={(code) => invokeCommand('admin.testGoogleCode', { code })} />
            <CodeForm
              label={on ? '关闭谷歌验证（输入当前验证码）' : '开启谷歌验证（输入当前验证码）'}
              button={on ? '关闭' : '开启'}
              testid="google-switch"
              onCode={(code) => invokeCommand('admin.setGoogleAuth', { is_open_google_auth: on ? '0' : '1', code })}
            />
          </>
        )}
      </PageState>
    </section>
  )
}
