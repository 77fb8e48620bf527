// `JSONValue` and its codec live with the wire, below this module; everything that reasons about
// values in their JSON form imports this module and finds them here.
@_exported import ExtensionWire
