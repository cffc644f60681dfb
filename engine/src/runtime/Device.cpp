#include "clw/engine/runtime/Device.h"

#include "clw/engine/runtime/Platform.h"

namespace clw::engine {

std::vector<InfoValue> Device::allInfo() const {
    return readInfoValues(kDeviceInfoParams, [this](cl_uint p, size_t s, void* v, size_t* r) {
        return clApi().clGetDeviceInfo(get(), p, s, v, r);
    });
}

Platform Device::platform() const {
    return Platform(info<CL_DEVICE_PLATFORM>());
}

cl_version Device::numericVersion() const {
    cl_version version = 0;
    if (clApi().clGetDeviceInfo(get(), CL_DEVICE_NUMERIC_VERSION, sizeof version, &version,
                                nullptr) == CL_SUCCESS)
        return version;
    return parseOpenClVersion(info<CL_DEVICE_VERSION>());
}

bool Device::hasExtension(std::string_view name) const {
    const std::string all = " " + info<CL_DEVICE_EXTENSIONS>() + " ";
    return all.find(" " + std::string(name) + " ") != std::string::npos;
}

std::string Device::typeName() const {
    const cl_device_type bits = type();
    std::string text;
    auto add = [&](cl_device_type bit, const char* label) {
        if (bits & bit)
            text += (text.empty() ? "" : "|") + std::string(label);
    };
    add(CL_DEVICE_TYPE_CPU, "CPU");
    add(CL_DEVICE_TYPE_GPU, "GPU");
    add(CL_DEVICE_TYPE_ACCELERATOR, "Accelerator");
    add(CL_DEVICE_TYPE_CUSTOM, "Custom");
    return text.empty() ? "Unknown" : text;
}

std::vector<Device> Device::createSubDevices(const PartitionProperties& properties) const {
    std::vector<cl_device_partition_property> list = properties;
    list.push_back(0);
    // The message must not throw in its turn (name() of an invalid device would).
    auto describe = [&] {
        try {
            return "partitioning " + name();
        } catch (const ClError&) {
            return std::string("partitioning a device");
        }
    };
    cl_uint count = 0;
    checkCl(clApi().clCreateSubDevices(get(), list.data(), 0, nullptr, &count),
            "clCreateSubDevices", describe);
    std::vector<cl_device_id> ids(count);
    checkCl(clApi().clCreateSubDevices(get(), list.data(), count, ids.data(), nullptr),
            "clCreateSubDevices", describe);
    std::vector<Device> devices;
    for (cl_device_id id : ids)
        devices.push_back(Device::adopt(id));
    return devices;
}

std::vector<Device> Device::partitionEqually(cl_uint computeUnitsEach) const {
    return createSubDevices(
        {CL_DEVICE_PARTITION_EQUALLY, cl_device_partition_property(computeUnitsEach)});
}

std::vector<Device> Device::partitionByCounts(const std::vector<cl_uint>& computeUnits) const {
    PartitionProperties properties{CL_DEVICE_PARTITION_BY_COUNTS};
    for (cl_uint units : computeUnits)
        properties.push_back(cl_device_partition_property(units));
    properties.push_back(CL_DEVICE_PARTITION_BY_COUNTS_LIST_END);
    return createSubDevices(properties);
}

std::vector<Device> Device::partitionByAffinityDomain(cl_device_affinity_domain domain) const {
    return createSubDevices(
        {CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN, cl_device_partition_property(domain)});
}

std::pair<cl_ulong, cl_ulong> Device::deviceAndHostTimer() const {
    cl_ulong deviceTime = 0, hostTime = 0;
    checkCl(clApi().clGetDeviceAndHostTimer(get(), &deviceTime, &hostTime),
            "clGetDeviceAndHostTimer", "reading the device and host timers");
    return {deviceTime, hostTime};
}

cl_ulong Device::hostTimer() const {
    cl_ulong hostTime = 0;
    checkCl(clApi().clGetHostTimer(get(), &hostTime), "clGetHostTimer", "reading the host timer");
    return hostTime;
}

} // namespace clw::engine
