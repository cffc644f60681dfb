#include "clw/engine/device/IcdLoaderInfo.h"

#include "clw/engine/runtime/ClApi.h"

namespace clw::engine {

namespace {

struct IcdLoaderRow {
    cl_uint id;
    const char* name;
    const char* label;
};

// clinfo's order and labels (its linfo_traits).
const IcdLoaderRow kRows[] = {
    {kIcdlName, "CL_ICDL_NAME", "ICD loader Name"},
    {kIcdlVendor, "CL_ICDL_VENDOR", "ICD loader Vendor"},
    {kIcdlVersion, "CL_ICDL_VERSION", "ICD loader Version"},
    {kIcdlOclVersion, "CL_ICDL_OCL_VERSION", "ICD loader Profile"},
};

// Every CL_ICDL_* value is a string: the size, then the bytes.
cl_int readText(IcdLoaderInfoFn query, cl_uint id, std::string& text) {
    size_t size = 0;
    if (const cl_int code = query(id, 0, nullptr, &size); code != CL_SUCCESS)
        return code;
    std::string buffer(size + 1, '\0'); // room for a terminator the loader might leave out
    if (const cl_int code = query(id, size, buffer.data(), nullptr); code != CL_SUCCESS)
        return code;
    buffer.resize(buffer.find('\0'));
    text = std::move(buffer);
    return CL_SUCCESS;
}

} // namespace

std::string IcdLoaderInfo::value(cl_uint id) const {
    for (const IcdLoaderProperty& property : properties)
        if (property.id == id && property.supported())
            return property.value;
    return {};
}

IcdLoaderInfo readIcdLoaderInfo() {
    IcdLoaderInfo info;
    const IcdLoaderInfoFn query = clApi().clGetICDLoaderInfoOCLICD;
    info.available = query != nullptr;
    if (!query)
        return info;
    for (const IcdLoaderRow& row : kRows) {
        IcdLoaderProperty property;
        property.id = row.id;
        property.name = row.name;
        property.label = row.label;
        property.error = readText(query, row.id, property.value);
        info.properties.push_back(std::move(property));
    }
    return info;
}

} // namespace clw::engine
