#pragma once
// A parameter read generically from its table row, for listing every property of an object
// without a second list. A parameter the object does not support keeps its error code instead
// of a value: it shows as unsupported, never as an error.
#include "clw/engine/runtime/InfoParam.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace clw::engine {

struct NameVersion {
    std::string name;
    cl_version version = 0;
    friend bool operator==(const NameVersion&, const NameVersion&) = default;
};

using InfoData =
    std::variant<std::monostate, std::string, bool, std::uint64_t, std::vector<std::uint64_t>,
                 std::vector<NameVersion>, std::vector<std::uint8_t>>;

struct InfoValue {
    const InfoParam* param = nullptr;
    cl_int error = CL_SUCCESS; // CL_INVALID_VALUE and friends when not supported
    InfoData data;

    bool supported() const { return error == CL_SUCCESS; }
};

// size, value, sizeRet -> cl_int, as every clGet*Info call after its object and param.
using InfoQueryFn = std::function<cl_int(cl_uint param, size_t, void*, size_t*)>;

// Reads one parameter by its table row; never throws for a failed query.
InfoValue readInfoValue(const InfoParam& param, const InfoQueryFn& query);

// Reads every row of a table.
template <size_t N>
std::vector<InfoValue> readInfoValues(const InfoParam (&table)[N], const InfoQueryFn& query) {
    std::vector<InfoValue> values;
    values.reserve(N);
    for (const InfoParam& param : table)
        values.push_back(readInfoValue(param, query));
    return values;
}

// "3.0.0" for a cl_version.
std::string versionString(cl_version version);
// The flag names of a bitfield parameter, the enumerator name of an enum parameter, the value
// with its unit otherwise: "CL_DEVICE_TYPE_CPU", "2 GiB", "1.2.0", "unsupported
// (CL_INVALID_VALUE)".
std::string formatInfoValue(const InfoValue& value);
// The value as the driver gave it, in the spirit of `clinfo --raw`: counts and sizes in decimal
// without units, flags, versions and handles in hexadecimal, booleans as CL_TRUE / CL_FALSE,
// lists space-separated, name-version pairs as "name:0x400000", bytes in hexadecimal; the error
// name for an unsupported parameter. For tooltips and for comparing with other tools.
std::string rawInfoValue(const InfoValue& value);
// Names of the set flags of a bitfield parameter ("CL_FP_DENORM | CL_FP_INF_NAN"), "none" for
// no flag; the value in hexadecimal for a parameter without a flag table.
std::string flagNames(cl_uint param, std::uint64_t bits);
// The same names one by one, in table order; bits without a name as one "0x..." entry (all of
// them for a parameter without a flag table); empty for no flag.
std::vector<std::string> flagNameList(cl_uint param, std::uint64_t bits);
// The name of a value of an enumeration parameter, or of an element of a list of enumerators
// (handle types, semaphore types, partition properties): "CL_READ_WRITE_CACHE". nullopt where the
// parameter holds no enumerators or the value has no name.
std::optional<std::string> enumeratorName(const InfoParam& param, std::uint64_t value);
// "1.5 GiB" style, binary units.
std::string humanBytes(std::uint64_t bytes);

} // namespace clw::engine
