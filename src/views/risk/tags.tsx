// The tags screen (see lists.tsx).
export { TagsScreen as default } from './lists'
