// The bans screen (see lists.tsx).
export { BansScreen as default } from './lists'
