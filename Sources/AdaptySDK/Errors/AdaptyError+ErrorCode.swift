extension AdaptyError {
    /// Every documented `AdaptyError` code (domain `AdaptyErrorDomain`), including the ones only older SDKs and the
    /// error-handling page list.
    public enum ErrorCode: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// `unknown` (0), numbered as the vendor SDK numbers it.
        case unknown = 0
        /// `clientInvalid` (1), numbered as the vendor SDK numbers it.
        case clientInvalid = 1
        /// `paymentCancelled` (2), numbered as the vendor SDK numbers it.
        case paymentCancelled = 2
        /// `paymentInvalid` (3), numbered as the vendor SDK numbers it.
        case paymentInvalid = 3
        /// `paymentNotAllowed` (4), numbered as the vendor SDK numbers it.
        case paymentNotAllowed = 4
        /// `storeProductNotAvailable` (5), numbered as the vendor SDK numbers it.
        case storeProductNotAvailable = 5
        /// `cloudServicePermissionDenied` (6), numbered as the vendor SDK numbers it.
        case cloudServicePermissionDenied = 6
        /// `cloudServiceNetworkConnectionFailed` (7), numbered as the vendor SDK numbers it.
        case cloudServiceNetworkConnectionFailed = 7
        /// `cloudServiceRevoked` (8), numbered as the vendor SDK numbers it.
        case cloudServiceRevoked = 8
        /// `privacyAcknowledgementRequired` (9), numbered as the vendor SDK numbers it.
        case privacyAcknowledgementRequired = 9
        /// `unauthorizedRequestData` (10), numbered as the vendor SDK numbers it.
        case unauthorizedRequestData = 10
        /// `invalidOfferIdentifier` (11), numbered as the vendor SDK numbers it.
        case invalidOfferIdentifier = 11
        /// `invalidSignature` (12), numbered as the vendor SDK numbers it.
        case invalidSignature = 12
        /// `missingOfferParams` (13), numbered as the vendor SDK numbers it.
        case missingOfferParams = 13
        /// `invalidOfferPrice` (14), numbered as the vendor SDK numbers it.
        case invalidOfferPrice = 14
        /// `noProductIDsFound` (1000), numbered as the vendor SDK numbers it.
        case noProductIDsFound = 1000
        /// `noProductsFound` (1001), numbered as the vendor SDK numbers it.
        case noProductsFound = 1001
        /// `productRequestFailed` (1002), numbered as the vendor SDK numbers it.
        case productRequestFailed = 1002
        /// `cantMakePayments` (1003), numbered as the vendor SDK numbers it.
        case cantMakePayments = 1003
        /// `noPurchasesToRestore` (1004), numbered as the vendor SDK numbers it.
        case noPurchasesToRestore = 1004
        /// `cantReadReceipt` (1005), numbered as the vendor SDK numbers it.
        case cantReadReceipt = 1005
        /// `productPurchaseFailed` (1006), numbered as the vendor SDK numbers it.
        case productPurchaseFailed = 1006
        /// `missingOfferSigningParams` (1007), numbered as the vendor SDK numbers it.
        case missingOfferSigningParams = 1007
        /// `refreshReceiptFailed` (1010), numbered as the vendor SDK numbers it.
        case refreshReceiptFailed = 1010
        /// `fetchSubscriptionStatusFailed` (1020), numbered as the vendor SDK numbers it.
        case fetchSubscriptionStatusFailed = 1020
        /// `unknownTransactionId` (1030), numbered as the vendor SDK numbers it.
        case unknownTransactionId = 1030
        /// `paymentPendingError` (1050), numbered as the vendor SDK numbers it.
        case paymentPendingError = 1050
        /// `notActivated` (2002), numbered as the vendor SDK numbers it.
        case notActivated = 2002
        /// `badRequest` (2003), numbered as the vendor SDK numbers it.
        case badRequest = 2003
        /// `serverError` (2004), numbered as the vendor SDK numbers it.
        case serverError = 2004
        /// `networkFailed` (2005), numbered as the vendor SDK numbers it.
        case networkFailed = 2005
        /// `decodingFailed` (2006), numbered as the vendor SDK numbers it.
        case decodingFailed = 2006
        /// `encodingFailed` (2009), numbered as the vendor SDK numbers it.
        case encodingFailed = 2009
        /// `missingURL` (2010), numbered as the vendor SDK numbers it.
        case missingURL = 2010
        /// `analyticsDisabled` (3000), numbered as the vendor SDK numbers it.
        case analyticsDisabled = 3000
        /// `wrongParam` (3001), numbered as the vendor SDK numbers it.
        case wrongParam = 3001
        /// `activateOnceError` (3005), numbered as the vendor SDK numbers it.
        case activateOnceError = 3005
        /// `profileWasChanged` (3006), numbered as the vendor SDK numbers it.
        case profileWasChanged = 3006
        /// `unsupportedData` (3007), numbered as the vendor SDK numbers it.
        case unsupportedData = 3007
        /// `unidentifiedUserLogout` (3020), numbered as the vendor SDK numbers it.
        case unidentifiedUserLogout = 3020
        /// `persistingDataError` (3100), numbered as the vendor SDK numbers it.
        case persistingDataError = 3100
        /// `fetchTimeoutError` (3101), numbered as the vendor SDK numbers it.
        case fetchTimeoutError = 3101
        /// `operationInterrupted` (9000), numbered as the vendor SDK numbers it.
        case operationInterrupted = 9000

        /// The code's name and number.
        public var description: String {
            switch self {
            case .unknown: "unknown"
            case .clientInvalid: "clientInvalid"
            case .paymentCancelled: "paymentCancelled"
            case .paymentInvalid: "paymentInvalid"
            case .paymentNotAllowed: "paymentNotAllowed"
            case .storeProductNotAvailable: "storeProductNotAvailable"
            case .cloudServicePermissionDenied: "cloudServicePermissionDenied"
            case .cloudServiceNetworkConnectionFailed: "cloudServiceNetworkConnectionFailed"
            case .cloudServiceRevoked: "cloudServiceRevoked"
            case .privacyAcknowledgementRequired: "privacyAcknowledgementRequired"
            case .unauthorizedRequestData: "unauthorizedRequestData"
            case .invalidOfferIdentifier: "invalidOfferIdentifier"
            case .invalidSignature: "invalidSignature"
            case .missingOfferParams: "missingOfferParams"
            case .invalidOfferPrice: "invalidOfferPrice"
            case .noProductIDsFound: "noProductIDsFound"
            case .noProductsFound: "noProductsFound"
            case .productRequestFailed: "productRequestFailed"
            case .cantMakePayments: "cantMakePayments"
            case .noPurchasesToRestore: "noPurchasesToRestore"
            case .cantReadReceipt: "cantReadReceipt"
            case .productPurchaseFailed: "productPurchaseFailed"
            case .missingOfferSigningParams: "missingOfferSigningParams"
            case .refreshReceiptFailed: "refreshReceiptFailed"
            case .fetchSubscriptionStatusFailed: "fetchSubscriptionStatusFailed"
            case .unknownTransactionId: "unknownTransactionId"
            case .paymentPendingError: "paymentPendingError"
            case .notActivated: "notActivated"
            case .badRequest: "badRequest"
            case .serverError: "serverError"
            case .networkFailed: "networkFailed"
            case .decodingFailed: "decodingFailed"
            case .encodingFailed: "encodingFailed"
            case .missingURL: "missingURL"
            case .analyticsDisabled: "analyticsDisabled"
            case .wrongParam: "wrongParam"
            case .activateOnceError: "activateOnceError"
            case .profileWasChanged: "profileWasChanged"
            case .unsupportedData: "unsupportedData"
            case .unidentifiedUserLogout: "unidentifiedUserLogout"
            case .persistingDataError: "persistingDataError"
            case .fetchTimeoutError: "fetchTimeoutError"
            case .operationInterrupted: "operationInterrupted"
            }
        }
    }
}
