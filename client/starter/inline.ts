// The starter as it is inlined into every page (scripts/starter/ builds it): run at once,
// with its own <script> element, which lists the modules to start.
import { startApp } from './starter'

startApp(document.currentScript as HTMLScriptElement)
