#include "clw/engine/runtime/InfoValue.h"

#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/DeviceInfo.h"
#include "clw/engine/runtime/ImageFormat.h"

#include <cstdio>
#include <cstring>
#include <optional>
#include <utility>

namespace clw::engine {

namespace {

std::uint64_t readUnsigned(const std::vector<std::uint8_t>& bytes) {
    std::uint64_t value = 0;
    std::memcpy(&value, bytes.data(), std::min(bytes.size(), sizeof value)); // little-endian hosts
    return value;
}

template <class E>
std::vector<std::uint64_t> readList(const std::vector<std::uint8_t>& bytes) {
    std::vector<std::uint64_t> values(bytes.size() / sizeof(E));
    for (size_t i = 0; i < values.size(); ++i) {
        E element;
        std::memcpy(&element, bytes.data() + i * sizeof(E), sizeof(E));
        values[i] = std::uint64_t(element);
    }
    return values;
}

std::string hexNumber(std::uint64_t value) {
    char text[32];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(value));
    return text;
}

struct FlagName {
    std::uint64_t bit;
    const char* name;
};

#define F(x)                                                                                       \
    { x, #x }
const FlagName kDeviceTypes[] = {F(CL_DEVICE_TYPE_CPU), F(CL_DEVICE_TYPE_GPU),
                                 F(CL_DEVICE_TYPE_ACCELERATOR), F(CL_DEVICE_TYPE_CUSTOM),
                                 F(CL_DEVICE_TYPE_DEFAULT)};
const FlagName kFpConfig[] = {F(CL_FP_DENORM),           F(CL_FP_INF_NAN),
                              F(CL_FP_ROUND_TO_NEAREST), F(CL_FP_ROUND_TO_ZERO),
                              F(CL_FP_ROUND_TO_INF),     F(CL_FP_FMA),
                              F(CL_FP_SOFT_FLOAT),       F(CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)};
const FlagName kExec[] = {F(CL_EXEC_KERNEL), F(CL_EXEC_NATIVE_KERNEL)};
const FlagName kQueue[] = {F(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE), F(CL_QUEUE_PROFILING_ENABLE),
                           F(CL_QUEUE_ON_DEVICE), F(CL_QUEUE_ON_DEVICE_DEFAULT)};
const FlagName kSvm[] = {F(CL_DEVICE_SVM_COARSE_GRAIN_BUFFER), F(CL_DEVICE_SVM_FINE_GRAIN_BUFFER),
                         F(CL_DEVICE_SVM_FINE_GRAIN_SYSTEM), F(CL_DEVICE_SVM_ATOMICS)};
const FlagName kAtomic[] = {
    F(CL_DEVICE_ATOMIC_ORDER_RELAXED),    F(CL_DEVICE_ATOMIC_ORDER_ACQ_REL),
    F(CL_DEVICE_ATOMIC_ORDER_SEQ_CST),    F(CL_DEVICE_ATOMIC_SCOPE_WORK_ITEM),
    F(CL_DEVICE_ATOMIC_SCOPE_WORK_GROUP), F(CL_DEVICE_ATOMIC_SCOPE_DEVICE),
    F(CL_DEVICE_ATOMIC_SCOPE_ALL_DEVICES)};
const FlagName kAffinity[] = {
    F(CL_DEVICE_AFFINITY_DOMAIN_NUMA),     F(CL_DEVICE_AFFINITY_DOMAIN_L4_CACHE),
    F(CL_DEVICE_AFFINITY_DOMAIN_L3_CACHE), F(CL_DEVICE_AFFINITY_DOMAIN_L2_CACHE),
    F(CL_DEVICE_AFFINITY_DOMAIN_L1_CACHE), F(CL_DEVICE_AFFINITY_DOMAIN_NEXT_PARTITIONABLE)};
const FlagName kEnqueue[] = {F(CL_DEVICE_QUEUE_SUPPORTED), F(CL_DEVICE_QUEUE_REPLACEABLE_DEFAULT)};
const FlagName kCommandBuffer[] = {F(CL_COMMAND_BUFFER_CAPABILITY_KERNEL_PRINTF_KHR),
                                   F(CL_COMMAND_BUFFER_CAPABILITY_DEVICE_SIDE_ENQUEUE_KHR),
                                   F(CL_COMMAND_BUFFER_CAPABILITY_SIMULTANEOUS_USE_KHR),
                                   F(CL_COMMAND_BUFFER_CAPABILITY_OUT_OF_ORDER_KHR)};
// cl_ext_float_atomics bits, spelled out where the headers lack them.
const FlagName kFpAtomics[] = {{1u << 0, "CL_DEVICE_GLOBAL_FP_ATOMIC_LOAD_STORE_EXT"},
                               {1u << 1, "CL_DEVICE_GLOBAL_FP_ATOMIC_ADD_EXT"},
                               {1u << 2, "CL_DEVICE_GLOBAL_FP_ATOMIC_MIN_MAX_EXT"},
                               {1u << 16, "CL_DEVICE_LOCAL_FP_ATOMIC_LOAD_STORE_EXT"},
                               {1u << 17, "CL_DEVICE_LOCAL_FP_ATOMIC_ADD_EXT"},
                               {1u << 18, "CL_DEVICE_LOCAL_FP_ATOMIC_MIN_MAX_EXT"}};
const FlagName kDotProduct[] = {F(CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR),
                                F(CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR)};
const FlagName kTerminate[] = {{1u << 0, "CL_DEVICE_TERMINATE_CAPABILITY_CONTEXT_KHR"}};
const FlagName kIntelFeatures[] = {F(CL_DEVICE_FEATURE_FLAG_DP4A_INTEL),
                                   F(CL_DEVICE_FEATURE_FLAG_DPAS_INTEL)};
const FlagName kMemFlags[] = {F(CL_MEM_READ_WRITE),      F(CL_MEM_WRITE_ONLY),
                              F(CL_MEM_READ_ONLY),       F(CL_MEM_USE_HOST_PTR),
                              F(CL_MEM_ALLOC_HOST_PTR),  F(CL_MEM_COPY_HOST_PTR),
                              F(CL_MEM_HOST_WRITE_ONLY), F(CL_MEM_HOST_READ_ONLY),
                              F(CL_MEM_HOST_NO_ACCESS),  F(CL_MEM_KERNEL_READ_AND_WRITE)};
const FlagName kTypeQualifiers[] = {F(CL_KERNEL_ARG_TYPE_CONST), F(CL_KERNEL_ARG_TYPE_RESTRICT),
                                    F(CL_KERNEL_ARG_TYPE_VOLATILE), F(CL_KERNEL_ARG_TYPE_PIPE)};
const FlagName kCacheTypes[] = {F(CL_NONE), F(CL_READ_ONLY_CACHE), F(CL_READ_WRITE_CACHE)};
const FlagName kLocalTypes[] = {F(CL_NONE), F(CL_LOCAL), F(CL_GLOBAL)};
const FlagName kPartition[] = {F(CL_DEVICE_PARTITION_EQUALLY), F(CL_DEVICE_PARTITION_BY_COUNTS),
                               F(CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN)};
const FlagName kMemoryHandles[] = {F(CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR),
                                   F(CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_WIN32_KHR),
                                   F(CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_WIN32_KMT_KHR),
                                   F(CL_EXTERNAL_MEMORY_HANDLE_D3D11_TEXTURE_KHR),
                                   F(CL_EXTERNAL_MEMORY_HANDLE_D3D11_TEXTURE_KMT_KHR),
                                   F(CL_EXTERNAL_MEMORY_HANDLE_D3D12_HEAP_KHR),
                                   F(CL_EXTERNAL_MEMORY_HANDLE_D3D12_RESOURCE_KHR),
                                   F(CL_EXTERNAL_MEMORY_HANDLE_DMA_BUF_KHR)};
const FlagName kSemaphoreHandles[] = {
    F(CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR), F(CL_SEMAPHORE_HANDLE_OPAQUE_WIN32_KHR),
    F(CL_SEMAPHORE_HANDLE_OPAQUE_WIN32_KMT_KHR), F(CL_SEMAPHORE_HANDLE_SYNC_FD_KHR),
    F(CL_SEMAPHORE_HANDLE_D3D12_FENCE_KHR)};
const FlagName kSemaphoreTypes[] = {F(CL_SEMAPHORE_TYPE_BINARY_KHR)};
#undef F

template <size_t N>
std::vector<std::string> flagList(const FlagName (&names)[N], std::uint64_t bits) {
    std::vector<std::string> list;
    for (const FlagName& flag : names) {
        if ((bits & flag.bit) == flag.bit && flag.bit != 0) {
            list.emplace_back(flag.name);
            bits &= ~flag.bit;
        }
    }
    if (bits)
        list.push_back(hexNumber(bits));
    return list;
}

template <size_t N>
std::optional<std::string> enumName(const FlagName (&names)[N], std::uint64_t value) {
    for (const FlagName& entry : names)
        if (entry.bit == value)
            return entry.name;
    return std::nullopt;
}

std::string hex(const std::vector<std::uint8_t>& bytes) {
    std::string text;
    char part[4];
    for (std::uint8_t byte : bytes) {
        std::snprintf(part, sizeof part, "%02x", byte);
        text += part;
    }
    return text;
}

// cl_khr_pci_bus_info as lspci writes it: "0000:65:00.0" (domain:bus:device.function).
std::string pciAddress(const std::vector<std::uint8_t>& bytes) {
    cl_device_pci_bus_info_khr info{};
    std::memcpy(&info, bytes.data(), sizeof info);
    char text[32];
    std::snprintf(text, sizeof text, "%04x:%02x:%02x.%x", info.pci_domain, info.pci_bus,
                  info.pci_device, info.pci_function);
    return text;
}

// The flag table of a bitfield parameter; nullopt for a parameter without one.
std::optional<std::vector<std::string>> tableFlags(cl_uint param, std::uint64_t bits) {
    switch (param) {
    case CL_DEVICE_TYPE:
        return flagList(kDeviceTypes, bits);
    case CL_DEVICE_SINGLE_FP_CONFIG:
        return flagList(kFpConfig, bits);
    case CL_DEVICE_HALF_FP_CONFIG:
    case CL_DEVICE_DOUBLE_FP_CONFIG:
        // CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT is defined for single precision only; some drivers
        // (PoCL) set it for double too, where it means nothing. clinfo leaves it out as well.
        return flagList(kFpConfig, bits & ~std::uint64_t(CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT));
    case CL_DEVICE_EXECUTION_CAPABILITIES:
        return flagList(kExec, bits);
    case CL_DEVICE_QUEUE_ON_HOST_PROPERTIES:
    case CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES:
    case CL_DEVICE_COMMAND_BUFFER_REQUIRED_QUEUE_PROPERTIES_KHR:
        return flagList(kQueue, bits);
    case CL_DEVICE_SVM_CAPABILITIES:
    case CL_DEVICE_SVM_CAPABILITIES_ARM:
        return flagList(kSvm, bits);
    case CL_DEVICE_COMMAND_BUFFER_CAPABILITIES_KHR:
        return flagList(kCommandBuffer, bits);
    case CL_DEVICE_HALF_FP_ATOMIC_CAPABILITIES_EXT:
    case CL_DEVICE_SINGLE_FP_ATOMIC_CAPABILITIES_EXT:
    case CL_DEVICE_DOUBLE_FP_ATOMIC_CAPABILITIES_EXT:
        return flagList(kFpAtomics, bits);
    case CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR:
        return flagList(kDotProduct, bits);
    case CL_DEVICE_TERMINATE_CAPABILITY_KHR:
        return flagList(kTerminate, bits);
    case CL_DEVICE_FEATURE_CAPABILITIES_INTEL:
        return flagList(kIntelFeatures, bits);
    case CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES:
    case CL_DEVICE_ATOMIC_FENCE_CAPABILITIES:
        return flagList(kAtomic, bits);
    case CL_DEVICE_PARTITION_AFFINITY_DOMAIN:
        return flagList(kAffinity, bits);
    case CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES:
        return flagList(kEnqueue, bits);
    default:
        return std::nullopt;
    }
}

// An element of a list by its enumerator name where it has one, else as a number.
std::string listElementName(const InfoParam& param, std::uint64_t element) {
    return enumeratorName(param, element).value_or(std::to_string(element));
}

} // namespace

std::vector<std::string> flagNameList(cl_uint param, std::uint64_t bits) {
    if (auto names = tableFlags(param, bits))
        return *names;
    return bits ? std::vector<std::string>{hexNumber(bits)} : std::vector<std::string>{};
}

std::string flagNames(cl_uint param, std::uint64_t bits) {
    const std::optional<std::vector<std::string>> names = tableFlags(param, bits);
    if (!names)
        return hexNumber(bits);
    std::string text;
    for (const std::string& name : *names)
        text += (text.empty() ? "" : " | ") + name;
    return text.empty() ? "none" : text;
}

std::optional<std::string> enumeratorName(const InfoParam& param, std::uint64_t value) {
    if (param.kind == InfoKind::Properties)
        return enumName(kPartition, value);
    switch (param.id) {
    case CL_DEVICE_GLOBAL_MEM_CACHE_TYPE:
        return enumName(kCacheTypes, value);
    case CL_DEVICE_LOCAL_MEM_TYPE:
        return enumName(kLocalTypes, value);
    case CL_PLATFORM_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR:
    case CL_DEVICE_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR:
        return enumName(kMemoryHandles, value);
    case CL_PLATFORM_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR:
    case CL_PLATFORM_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR:
    case CL_DEVICE_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR:
    case CL_DEVICE_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR:
        return enumName(kSemaphoreHandles, value);
    case CL_PLATFORM_SEMAPHORE_TYPES_KHR:
    case CL_DEVICE_SEMAPHORE_TYPES_KHR:
        return enumName(kSemaphoreTypes, value);
    default:
        return std::nullopt;
    }
}

std::string versionString(cl_version version) {
    return std::to_string(CL_VERSION_MAJOR(version)) + "." +
           std::to_string(CL_VERSION_MINOR(version)) + "." +
           std::to_string(CL_VERSION_PATCH(version));
}

std::string humanBytes(std::uint64_t bytes) {
    const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    if (unit == 0)
        return std::to_string(bytes) + " bytes";
    char text[48];
    std::snprintf(text, sizeof text, value == double(std::uint64_t(value)) ? "%.0f %s" : "%.1f %s",
                  value, units[unit]);
    return text;
}

InfoValue readInfoValue(const InfoParam& param, const InfoQueryFn& query) {
    InfoValue value;
    value.param = &param;
    size_t size = 0;
    value.error = query(param.id, 0, nullptr, &size);
    if (value.error != CL_SUCCESS)
        return value;
    std::vector<std::uint8_t> bytes(size);
    if (size) {
        value.error = query(param.id, size, bytes.data(), nullptr);
        if (value.error != CL_SUCCESS)
            return value;
    }
    switch (param.kind) {
    case InfoKind::Text: {
        std::string text(bytes.begin(), bytes.end());
        if (auto nul = text.find('\0'); nul != std::string::npos)
            text.resize(nul);
        value.data = std::move(text);
        break;
    }
    case InfoKind::Bool:
        value.data = readUnsigned(bytes) != 0;
        break;
    case InfoKind::UInt:
    case InfoKind::ULong:
    case InfoKind::Size:
    case InfoKind::Bits:
    case InfoKind::Enum:
    case InfoKind::Version:
    case InfoKind::Handle:
        value.data = readUnsigned(bytes);
        break;
    case InfoKind::SizeList:
        value.data = readList<size_t>(bytes);
        break;
    case InfoKind::UIntList:
        value.data = readList<cl_uint>(bytes);
        break;
    case InfoKind::HandleList:
        value.data = readList<std::uintptr_t>(bytes);
        break;
    case InfoKind::Properties: {
        // A property list ends with a 0 that some drivers include in the size (NVIDIA answers
        // { 0 } for a device that cannot be partitioned) and others leave out (PoCL).
        std::vector<std::uint64_t> list = readList<std::intptr_t>(bytes);
        if (!list.empty() && list.back() == 0)
            list.pop_back();
        value.data = std::move(list);
        break;
    }
    case InfoKind::NameVersions: {
        std::vector<NameVersion> list;
        for (size_t i = 0; i + sizeof(cl_name_version) <= bytes.size();
             i += sizeof(cl_name_version)) {
            cl_name_version entry;
            std::memcpy(&entry, bytes.data() + i, sizeof entry);
            entry.name[CL_NAME_VERSION_MAX_NAME_SIZE - 1] = '\0';
            list.push_back({entry.name, entry.version});
        }
        value.data = std::move(list);
        break;
    }
    case InfoKind::ImageFormat:
    case InfoKind::Bytes:
        value.data = std::move(bytes);
        break;
    }
    return value;
}

std::string formatInfoValue(const InfoValue& value) {
    if (!value.supported())
        return "unsupported (" + errorName(value.error) + ")";
    const InfoParam& param = *value.param;
    const std::string unit = param.unit;
    return std::visit(
        [&](const auto& data) -> std::string {
            using T = std::decay_t<decltype(data)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                return "";
            } else if constexpr (std::is_same_v<T, std::string>) {
                return data;
            } else if constexpr (std::is_same_v<T, bool>) {
                return data ? "yes" : "no";
            } else if constexpr (std::is_same_v<T, std::uint64_t>) {
                switch (param.kind) {
                case InfoKind::Bits:
                    return flagNames(param.id, data);
                case InfoKind::Version:
                    return versionString(cl_version(data));
                case InfoKind::Handle: {
                    char text[32];
                    std::snprintf(text, sizeof text, "0x%llx",
                                  static_cast<unsigned long long>(data));
                    return data ? text : "none";
                }
                case InfoKind::Enum:
                    return enumeratorName(param, data).value_or(std::to_string(data));
                default:
                    if (unit == "bytes")
                        return data >= 1024 ? humanBytes(data) : std::to_string(data) + " bytes";
                    return unit.empty() ? std::to_string(data) : std::to_string(data) + " " + unit;
                }
            } else if constexpr (std::is_same_v<T, std::vector<std::uint64_t>>) {
                std::string text;
                for (std::uint64_t element : data)
                    text += (text.empty() ? "" : ", ") + listElementName(param, element);
                return text.empty() ? "none" : text;
            } else if constexpr (std::is_same_v<T, std::vector<NameVersion>>) {
                std::string text;
                for (const NameVersion& entry : data)
                    text +=
                        (text.empty() ? "" : " ") + entry.name + ":" + versionString(entry.version);
                return text.empty() ? "none" : text;
            } else {
                if (param.kind == InfoKind::ImageFormat && data.size() >= sizeof(cl_image_format)) {
                    cl_image_format format;
                    std::memcpy(&format, data.data(), sizeof format);
                    return imageFormatName(format);
                }
                if (param.id == CL_DEVICE_PCI_BUS_INFO_KHR &&
                    data.size() >= sizeof(cl_device_pci_bus_info_khr))
                    return pciAddress(data);
                return hex(data);
            }
        },
        value.data);
}

std::string rawInfoValue(const InfoValue& value) {
    if (!value.supported())
        return errorName(value.error);
    const InfoKind kind = value.param->kind;
    char text[48];
    return std::visit(
        [&](const auto& data) -> std::string {
            using T = std::decay_t<decltype(data)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                return "";
            } else if constexpr (std::is_same_v<T, std::string>) {
                return data;
            } else if constexpr (std::is_same_v<T, bool>) {
                return data ? "CL_TRUE" : "CL_FALSE";
            } else if constexpr (std::is_same_v<T, std::uint64_t>) {
                // Flags, versions and handles read best in hexadecimal, counts in decimal.
                const bool asHex =
                    kind == InfoKind::Bits || kind == InfoKind::Version || kind == InfoKind::Handle;
                std::snprintf(text, sizeof text, asHex ? "0x%llx" : "%llu",
                              static_cast<unsigned long long>(data));
                return text;
            } else if constexpr (std::is_same_v<T, std::vector<std::uint64_t>>) {
                std::string joined;
                for (std::uint64_t element : data) {
                    std::snprintf(text, sizeof text,
                                  kind == InfoKind::HandleList ? "0x%llx" : "%llu",
                                  static_cast<unsigned long long>(element));
                    joined += (joined.empty() ? "" : " ") + std::string(text);
                }
                return joined;
            } else if constexpr (std::is_same_v<T, std::vector<NameVersion>>) {
                std::string joined;
                for (const NameVersion& entry : data) {
                    std::snprintf(text, sizeof text, "0x%x", unsigned(entry.version));
                    joined += (joined.empty() ? "" : " ") + entry.name + ":" + text;
                }
                return joined;
            } else {
                return hex(data);
            }
        },
        value.data);
}

} // namespace clw::engine
