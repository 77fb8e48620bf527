import Foundation

/// Degrees of latitude or longitude, as in Apple's CoreLocation.
public typealias CLLocationDegrees = Double
/// A distance in metres.
public typealias CLLocationDistance = Double
/// An accuracy radius in metres.
public typealias CLLocationAccuracy = Double
/// A speed in metres per second.
public typealias CLLocationSpeed = Double
/// A compass direction in degrees from true north.
public typealias CLLocationDirection = Double

/// A latitude and longitude pair (WGS 84).
public struct CLLocationCoordinate2D: Sendable, Hashable, Codable {
    /// Degrees north of the equator (negative: south).
    public var latitude: CLLocationDegrees
    /// Degrees east of Greenwich (negative: west).
    public var longitude: CLLocationDegrees

    /// A coordinate of (0, 0).
    public init() {
        self.init(latitude: 0, longitude: 0)
    }

    /// A coordinate from latitude and longitude in degrees.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Makes a coordinate, as Apple's C function of the same name.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// Whether a coordinate lies within the valid ranges (latitude ±90°, longitude ±180°).
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 180
        && coordinate.latitude.isFinite && coordinate.longitude.isFinite
}
