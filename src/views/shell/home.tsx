// 首页: greets the admin and lists what the keyboard can do and which screens are open to them.
import { Link } from 'wouter'
import { useSnapshot } from 'valtio'
import { consoleState } from '../../core/context'
import { currentCommands } from '../../core/registry'
import { sessionState } from '../../core/session'
import { KeyList } from './key-list'

export default function Home() {
  const { user } = useSnapshot(sessionState)
  const { product, products } = useSnapshot(consoleState)
  const screens = currentCommands().filter((c) => c.path && c.path !== '/layout/home' && c.sidebar !== false)
  return (
    <div className="home" data-testid="home">
      <h1 className="page-title">您好，{user?.nickname || user?.username}</h1>
      <p className="muted">当前产品：{products[product] ?? product}。按 Ctrl/⌘+K 打开命令面板，输入中文、拼音或首字母即可查找功能。</p>
      <section className="panel">
        <h2>键盘快捷键</h2>
        <KeyList />
      </section>
      {screens.length > 0 && (
        <section className="panel">
          <h2>常用页面</h2>
          <ul className="link-grid">
            {screens.map((c) => <li key={c.id}><Link href={c.path!}>{c.title}</Link></li>)}
          </ul>
        </section>
      )}
    </div>
  )
}
