// Registers every area's commands (importing a file runs its defineCommands).
import './shell'
import './admin'
import './product'
import './member'
import './lottery'
import './finance'
import './merchant'
import './settings'
