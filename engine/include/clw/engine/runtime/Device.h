#pragma once
#include "clw/engine/runtime/DeviceInfo.h"
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/InfoQuery.h"
#include "clw/engine/runtime/InfoValue.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clw::engine {

class Platform;

// An OpenCL device or sub-device. Root devices ignore retain / release; sub-devices are
// reference counted, which Handle does for both.
class Device {
public:
    Device() = default;
    static Device retain(cl_device_id id) { return Device(Handle<cl_device_id>::retain(id)); }
    static Device adopt(cl_device_id id) { return Device(Handle<cl_device_id>::adopt(id)); }

    cl_device_id get() const noexcept { return m_handle.get(); }
    explicit operator bool() const noexcept { return bool(m_handle); }

    template <cl_device_info P>
    typename DeviceInfo<P>::type info() const {
        return detail::queryInfo<typename DeviceInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetDeviceInfo(get(), P, s, v, r);
            },
            "clGetDeviceInfo", DeviceInfo<P>::kName);
    }
    // The value, or nullopt when the device does not know the parameter (vendor queries,
    // newer versions: CL_INVALID_VALUE, or CL_INVALID_OPERATION from some drivers). Any other
    // error (no memory, a lost device) is thrown as ClError.
    template <cl_device_info P>
    std::optional<typename DeviceInfo<P>::type> tryInfo() const {
        try {
            return info<P>();
        } catch (const ClError& error) {
            // What a driver says for a query it does not know; any other error is one.
            if (error.code() == CL_INVALID_VALUE || error.code() == CL_INVALID_OPERATION)
                return std::nullopt;
            throw;
        }
    }
    // Every row of the device info table, unsupported ones marked as such.
    std::vector<InfoValue> allInfo() const;

    std::string name() const { return info<CL_DEVICE_NAME>(); }
    cl_device_type type() const { return info<CL_DEVICE_TYPE>(); }
    Platform platform() const;
    // CL_DEVICE_NUMERIC_VERSION, or parsed from CL_DEVICE_VERSION before OpenCL 3.0.
    cl_version numericVersion() const;
    bool hasExtension(std::string_view name) const;
    bool isSubDevice() const { return info<CL_DEVICE_PARENT_DEVICE>() != nullptr; }
    // "CPU", "GPU", "Accelerator", "Custom" (several joined by '|').
    std::string typeName() const;

    // Partitions (clCreateSubDevices). Each throws ClError with CL_DEVICE_PARTITION_FAILED or
    // CL_INVALID_VALUE and the request when the device cannot be split that way.
    std::vector<Device> partitionEqually(cl_uint computeUnitsEach) const;
    std::vector<Device> partitionByCounts(const std::vector<cl_uint>& computeUnits) const;
    std::vector<Device> partitionByAffinityDomain(cl_device_affinity_domain domain) const;
    std::vector<Device> createSubDevices(const PartitionProperties& properties) const;

    // (device timestamp, host timestamp) in ns (clGetDeviceAndHostTimer, OpenCL 2.1).
    std::pair<cl_ulong, cl_ulong> deviceAndHostTimer() const;
    cl_ulong hostTimer() const;

    friend bool operator==(const Device& a, const Device& b) { return a.get() == b.get(); }

private:
    explicit Device(Handle<cl_device_id> handle)
        : m_handle(std::move(handle)) {}
    Handle<cl_device_id> m_handle;
};

} // namespace clw::engine
