// The associations screen (see lists.tsx).
export { AssociationsScreen as default } from './lists'
