// The logins screen (see lists.tsx).
export { LoginsScreen as default } from './lists'
