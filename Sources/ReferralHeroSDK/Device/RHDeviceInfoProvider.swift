/// Supplies the device parameters `RH` adds to add, update and pending-referral calls and to `GetReferrer`.
///
/// The SDK links no UIKit and makes no call outside its transport, so an app supplies what only it can read
/// (screen size from `UIScreen`, public IP from its own service) through ``custom(_:)``.
public struct RHDeviceInfoProvider: Sendable {
    private let read: @Sendable () async -> RHDeviceInfo

    /// The same parameters on every call.
    public static func fixed(_ info: RHDeviceInfo) -> RHDeviceInfoProvider {
        RHDeviceInfoProvider { info }
    }

    /// Parameters read afresh on every call.
    public static func custom(_ read: @escaping @Sendable () async -> RHDeviceInfo) -> RHDeviceInfoProvider {
        RHDeviceInfoProvider(read: read)
    }

    /// `device` `iPhone` and `os_type` `iOS`; no screen size or IP address.
    public static let standard = fixed(RHDeviceInfo(device: "iPhone", osType: "iOS"))

    /// The current parameters.
    public func deviceInfo() async -> RHDeviceInfo {
        await read()
    }
}
