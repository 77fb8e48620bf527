import Foundation

/// A geographic position with its accuracy and the time it was measured, as in Apple's CoreLocation.
open class CLLocation: NSObject, Codable, @unchecked Sendable {
    /// The latitude and longitude.
    public let coordinate: CLLocationCoordinate2D
    /// Metres above sea level.
    public let altitude: CLLocationDistance
    /// The radius of uncertainty of `coordinate`, in metres; negative when unknown.
    public let horizontalAccuracy: CLLocationAccuracy
    /// The uncertainty of `altitude`, in metres; negative when unknown.
    public let verticalAccuracy: CLLocationAccuracy
    /// When the position was determined.
    public let timestamp: Date

    /// A location at a coordinate, measured now, with unknown accuracy.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
                  altitude: 0, horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date())
    }

    /// A location with every measurement given.
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
                horizontalAccuracy: CLLocationAccuracy, verticalAccuracy: CLLocationAccuracy, timestamp: Date) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.timestamp = timestamp
        super.init()
    }

    /// The great-circle distance to another location, in metres (haversine formula, mean Earth radius).
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let earthRadius = 6_371_008.8
        let lat1 = coordinate.latitude * .pi / 180, lat2 = location.coordinate.latitude * .pi / 180
        let dLat = lat2 - lat1
        let dLon = (location.coordinate.longitude - coordinate.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, timestamp
    }

    public required init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        coordinate = CLLocationCoordinate2D(latitude: try c.decode(Double.self, forKey: .latitude),
                                            longitude: try c.decode(Double.self, forKey: .longitude))
        altitude = try c.decodeIfPresent(Double.self, forKey: .altitude) ?? 0
        horizontalAccuracy = try c.decodeIfPresent(Double.self, forKey: .horizontalAccuracy) ?? 0
        verticalAccuracy = try c.decodeIfPresent(Double.self, forKey: .verticalAccuracy) ?? -1
        if let stamp = try c.decodeIfPresent(String.self, forKey: .timestamp) {
            guard let date = WireDate.date(from: stamp) else {
                throw DecodingError.dataCorruptedError(forKey: .timestamp, in: c,
                    debugDescription: "'\(stamp)' is not an ISO 8601 date such as 2026-11-21T09:30:00Z")
            }
            timestamp = date
        } else {
            timestamp = Date(timeIntervalSince1970: 0)
        }
        super.init()
    }

    open func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(coordinate.latitude, forKey: .latitude)
        try c.encode(coordinate.longitude, forKey: .longitude)
        if altitude != 0 { try c.encode(altitude, forKey: .altitude) }
        if horizontalAccuracy != 0 { try c.encode(horizontalAccuracy, forKey: .horizontalAccuracy) }
        if verticalAccuracy != -1 { try c.encode(verticalAccuracy, forKey: .verticalAccuracy) }
        if timestamp != Date(timeIntervalSince1970: 0) {
            try c.encode(WireDate.string(from: timestamp), forKey: .timestamp)
        }
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CLLocation else { return false }
        return coordinate == other.coordinate && altitude == other.altitude
            && horizontalAccuracy == other.horizontalAccuracy && verticalAccuracy == other.verticalAccuracy
            && timestamp == other.timestamp
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(coordinate)
        hasher.combine(timestamp)
        return hasher.finalize()
    }

    open override var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)>"
    }
}
