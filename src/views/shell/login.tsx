// 登录: username, password (RSA-encrypted before sending), and the Google code when the site or the server asks for it.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Redirect, useSearch } from 'wouter'
import { useSnapshot } from 'valtio'
import type { SiteConfig } from '../../contract/common'
import { MSG } from '../../contract/messages'
import { login } from '../../core/auth'
import { getConfigs } from '../../core/configs'
import { safeRedirect } from '../../core/guard'
import { ApiError } from '../../core/http'
import { navigate } from '../../core/nav'
import { encryptPassword } from '../../core/rsa'
import { sessionState } from '../../core/session'

export default function Login() {
  const { token } = useSnapshot(sessionState)
  const target = safeRedirect(new URLSearchParams(useSearch()).get('redirect'))
  const [config, setConfig] = useState<SiteConfig | null>(null)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [needCode, setNeedCode] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const codeRef = useRef<HTMLInputElement>(null)

  useEffect(() => { getConfigs().then(setConfig, () => {}) }, [])
  useEffect(() => { if (needCode) codeRef.current?.focus() }, [needCode])

  if (token && !busy) return <Redirect to={target} replace />

  const showCode = needCode || !!config?.google_auth

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    if (!username.trim() || !password) { setError('请输入用户名和密码'); return }
    setBusy(true)
    setError('')
    try {
      const encrypted = await encryptPassword(password)
      await login({ username: username.trim(), password: encrypted, ...(code.trim() ? { google_code: code.trim() } : {}) })
      navigate(target, { replace: true })
    } catch (err) {
      if (!(err instanceof ApiError)) console.error('[login]', err)
      const msg = err instanceof ApiError ? err.msg : '登录失败，请重试'
      setError(msg)
      if (msg === MSG.needGoogle || msg === MSG.badGoogle) { setNeedCode(true); codeRef.current?.focus() }
      setBusy(false)
    }
  }

  return (
    <div className="login-page" data-testid="login">
      <form className="login-card" onSubmit={submit} noValidate>
        <h1>{config?.site_name || '后台管理系统'}</h1>
        <label className="field">
          <span>用户名</span>
          <input data-testid="login-username" name="username" autoComplete="username" autoFocus
            value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>
        <label className="field">
          <span>密码</span>
          <input data-testid="login-password" name="password" type="password" autoComplete="current-password"
            value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        {showCode && (
          <label className="field">
            <span>谷歌验证码{needCode ? '' : '（已开启时填写）'}</span>
            <input ref={codeRef} data-testid="login-google" name="google_code" inputMode="numeric" autoComplete="one-time-code"
              maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
          </label>
        )}
        {error && <p className="form-error" role="alert" data-testid="login-error">{error}</p>}
        <button type="submit" className="btn btn-primary btn-block" data-testid="login-submit" disabled={busy}>
          {busy ? '登录中…' : '登录'}
        </button>
      </form>
    </div>
  )
}
