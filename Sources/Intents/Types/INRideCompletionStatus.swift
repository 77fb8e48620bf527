import Foundation

/// How a ride ended: completed (settled, with money outstanding, or asking for feedback) or canceled.
public final class INRideCompletionStatus: NSObject, Codable, NSCopying, @unchecked Sendable {
    private enum Outcome: String, Codable {
        case completed, canceledByService, canceledByUser, canceledMissedPickup
    }

    private let outcome: Outcome
    /// The amount paid, or still owed when `isOutstanding`.
    public let paymentAmount: INCurrencyAmount?
    /// Whether `paymentAmount` is still owed.
    public let isOutstanding: Bool
    /// The feedback the app asks for.
    public let feedbackType: INRideFeedbackTypeOptions
    /// Opens the app to settle the ride.
    public var completionUserActivity: NSUserActivity?

    private init(_ outcome: Outcome, paymentAmount: INCurrencyAmount? = nil, isOutstanding: Bool = false,
                 feedbackType: INRideFeedbackTypeOptions = []) {
        self.outcome = outcome
        self.paymentAmount = paymentAmount
        self.isOutstanding = isOutstanding
        self.feedbackType = feedbackType
        super.init()
    }

    /// The ride was completed.
    public class func completed() -> INRideCompletionStatus { INRideCompletionStatus(.completed) }
    /// The ride was completed and paid.
    public class func completed(settled settledPaymentAmount: INCurrencyAmount) -> INRideCompletionStatus {
        INRideCompletionStatus(.completed, paymentAmount: settledPaymentAmount)
    }
    /// The ride was completed and money is still owed.
    public class func completed(outstanding outstandingPaymentAmount: INCurrencyAmount) -> INRideCompletionStatus {
        INRideCompletionStatus(.completed, paymentAmount: outstandingPaymentAmount, isOutstanding: true)
    }
    /// The ride was completed and the app asks for feedback.
    public class func completed(feedbackType: INRideFeedbackTypeOptions) -> INRideCompletionStatus {
        INRideCompletionStatus(.completed, feedbackType: feedbackType)
    }
    /// The service canceled the ride.
    public class func canceledByService() -> INRideCompletionStatus { INRideCompletionStatus(.canceledByService) }
    /// The user canceled the ride.
    public class func canceledByUser() -> INRideCompletionStatus { INRideCompletionStatus(.canceledByUser) }
    /// The passenger missed the pickup.
    public class func canceledMissedPickup() -> INRideCompletionStatus { INRideCompletionStatus(.canceledMissedPickup) }

    /// Whether the ride was completed.
    public var isCompleted: Bool { outcome == .completed }
    /// Whether the ride was canceled.
    public var isCanceled: Bool { outcome != .completed }
    /// Whether the passenger missed the pickup.
    public var isMissedPickup: Bool { outcome == .canceledMissedPickup }

    private enum CodingKeys: String, CodingKey {
        case outcome, paymentAmount, isOutstanding, feedbackType, completionUserActivity
    }

    /// Decodes the status from its JSON form.
    public required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        outcome = try c.decode(Outcome.self, forKey: .outcome)
        paymentAmount = try c.decodeIfPresent(INCurrencyAmount.self, forKey: .paymentAmount)
        isOutstanding = try c.decodeIfPresent(Bool.self, forKey: .isOutstanding) ?? false
        feedbackType = try c.decodeIfPresent(INRideFeedbackTypeOptions.self, forKey: .feedbackType) ?? []
        completionUserActivity = try c.decodeIfPresent(NSUserActivity.self, forKey: .completionUserActivity)
        super.init()
    }

    /// Encodes the status in its JSON form.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(outcome, forKey: .outcome)
        try c.encodeIfPresent(paymentAmount, forKey: .paymentAmount)
        if isOutstanding { try c.encode(true, forKey: .isOutstanding) }
        if !feedbackType.isEmpty { try c.encode(feedbackType, forKey: .feedbackType) }
        try c.encodeIfPresent(completionUserActivity, forKey: .completionUserActivity)
    }

    /// A copy made through the JSON form.
    public func copy(with zone: NSZone? = nil) -> Any { WireObject.copy(of: self) }
    /// Equal when the JSON forms are equal.
    public override func isEqual(_ object: Any?) -> Bool { WireObject.isEqual(self, object) }
    /// A hash consistent with `isEqual(_:)`.
    public override var hash: Int { WireObject.hash(of: self) }
    /// The JSON form.
    public override var description: String { WireObject.description(of: self) }
}
