// `import Intents` brings Foundation and the location types, as it does on Apple's platforms.
@_exported import CoreLocation
@_exported import Foundation
