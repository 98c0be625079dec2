// 数字钱包: bound TRC20/ERC20 wallets, addresses shortened; Enter edits, v reveals the whole address (logged).
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { WALLET_CHAIN } from '../../contract/member'
import { payeeList } from './list-screen'
import { ListScreen } from '../kit/list-screen'

const spec = payeeList({
  list: MENU.wallets,
  title: '数字钱包',
  endpoint: API.wallet.index,
  edit: 'member.editWallet',
  filters: [{ name: 'chain', title: '链类型', type: 'select', options: WALLET_CHAIN }],
  columns: [
    { key: 'chain', title: '链类型', width: 80 },
    { key: 'address', title: '钱包地址', width: 170 },
    { key: 'label', title: '备注名', width: 120 },
  ],
})

export default function WalletsScreen() {
  return <ListScreen spec={spec} hint="Enter 编辑 · v 查看完整地址（记入日志） · Shift+D 删除" buttons={['member.bindWallet']} />
}
