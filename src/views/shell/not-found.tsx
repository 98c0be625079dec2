// 404: no route and no registered screen for the path.
import { Link } from 'wouter'
import { MENU } from '../../contract/menus'

export function NotFound() {
  return (
    <div className="status-page" data-testid="not-found" role="main">
      <h1>404</h1>
      <p>页面不存在</p>
      <Link href={MENU.home} className="btn btn-primary">返回首页</Link>
    </div>
  )
}
