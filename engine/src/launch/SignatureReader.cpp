#include "clw/engine/SignatureReader.h"

#include "clw/engine/SourceSignatures.h"

#include <cctype>
#include <sstream>

namespace clw::engine {

namespace {

// The numbers inside "name(a,b,c)" after `from`, or empty.
std::vector<size_t> numbersAfter(const std::string& text, const std::string& name) {
    std::vector<size_t> numbers;
    const size_t at = text.find(name + "(");
    if (at == std::string::npos)
        return numbers;
    const size_t end = text.find(')', at);
    std::stringstream list(text.substr(at + name.size() + 1, end - at - name.size() - 1));
    for (std::string part; std::getline(list, part, ',');)
        numbers.push_back(std::strtoull(part.c_str(), nullptr, 10));
    return numbers;
}

void copyInto(const std::vector<size_t>& numbers, std::array<size_t, 3>& out) {
    for (size_t i = 0; i < 3 && i < numbers.size(); ++i)
        out[i] = numbers[i];
}

KernelSignature fromSource(const Kernel& kernel, const std::string& name) {
    const Program program = kernel.program();
    std::string options;
    for (const Device& device : program.devices()) {
        options = program.buildInfo<CL_PROGRAM_BUILD_OPTIONS>(device);
        break;
    }
    for (KernelSignature& signature :
         signaturesFromSource(SourceSet::single(program.source()), options))
        if (signature.name == name)
            return signature;
    throw ClError(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, "clGetKernelArgInfo",
                  "reading the signature of kernel '" + name +
                      "': the driver gives no argument info and the program's source has no "
                      "such kernel (build with -cl-kernel-arg-info)");
}

} // namespace

void applyAttributes(const std::string& attributes, KernelSignature& signature) {
    signature.attributes = attributes;
    copyInto(numbersAfter(attributes, "reqd_work_group_size"), signature.reqdWorkGroupSize);
    copyInto(numbersAfter(attributes, "work_group_size_hint"), signature.workGroupSizeHint);
    const size_t hint = attributes.find("vec_type_hint(");
    if (hint != std::string::npos) {
        const size_t end = attributes.find(')', hint);
        signature.vecTypeHint = attributes.substr(hint + 14, end - hint - 14);
    }
}

KernelSignature readSignature(const Kernel& kernel, const Device& device) {
    const std::string name = kernel.name();
    KernelSignature signature;
    try {
        signature.name = name;
        for (const KernelArgument& arg : kernel.arguments()) {
            KernelArgSignature entry;
            entry.index = arg.index;
            entry.name = arg.name;
            entry.type = parseArgType(arg.typeName, arg.addressQualifier, arg.typeQualifier);
            entry.addressQualifier = arg.addressQualifier;
            entry.accessQualifier = arg.accessQualifier;
            entry.typeQualifier = arg.typeQualifier;
            signature.args.push_back(std::move(entry));
        }
    } catch (const ClError& error) {
        if (error.code() != CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
            throw;
        signature = fromSource(kernel, name);
    }
    if (auto attributes = kernel.info<CL_KERNEL_ATTRIBUTES>(); !attributes.empty())
        applyAttributes(attributes, signature);
    if (device) {
        const std::vector<size_t> compiled =
            kernel.workGroupInfo<CL_KERNEL_COMPILE_WORK_GROUP_SIZE>(device);
        if (compiled.size() == 3 && compiled[0] != 0)
            copyInto(compiled, signature.reqdWorkGroupSize);
    }
    return signature;
}

} // namespace clw::engine
