#include "clw/engine/runtime/KernelArgument.h"

namespace clw::engine {

std::string KernelArgument::declaration() const {
    std::string text;
    switch (addressQualifier) {
    case CL_KERNEL_ARG_ADDRESS_GLOBAL:
        text = "__global ";
        break;
    case CL_KERNEL_ARG_ADDRESS_LOCAL:
        text = "__local ";
        break;
    case CL_KERNEL_ARG_ADDRESS_CONSTANT:
        text = "__constant ";
        break;
    default:
        break;
    }
    if (typeQualifier & CL_KERNEL_ARG_TYPE_CONST)
        text += "const ";
    std::string type = typeName;
    // "float*" reads as "float *out".
    if (!type.empty() && type.back() == '*') {
        type.pop_back();
        return text + type + " *" + name;
    }
    return text + type + (name.empty() ? "" : " " + name);
}

} // namespace clw::engine
