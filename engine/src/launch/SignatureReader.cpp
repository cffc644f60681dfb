#include "clw/engine/launch/SignatureReader.h"

#include "clw/engine/launch/SourceSignatures.h"

#include <algorithm>
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

// The options of the program's first build (every device is built with the same).
std::string buildOptionsOf(const Program& program) {
    for (const Device& device : program.devices())
        return program.buildInfo<CL_PROGRAM_BUILD_OPTIONS>(device);
    return {};
}

KernelSignature fromSource(const Kernel& kernel, const std::string& name) {
    const Program program = kernel.program();
    for (KernelSignature& signature :
         signaturesFromSource(SourceSet::single(program.source()), buildOptionsOf(program)))
        if (signature.name == name)
            return signature;
    throw ClError(CL_KERNEL_ARG_INFO_NOT_AVAILABLE, "clGetKernelArgInfo",
                  "reading the signature of kernel '" + name +
                      "': the driver gives no argument info and the program's source has no "
                      "such kernel (build with -cl-kernel-arg-info)");
}

// What parseArgType could not type from the driver's name alone.
bool needsSource(const ArgType& type) {
    return type.kind == ArgKind::Unknown ||
           (type.kind == ArgKind::Pointer && type.element == ScalarType::Unknown) ||
           (type.kind == ArgKind::Struct && type.fields.empty());
}

// "DATA_TYPE is float", "Colour is an enum (int): give its value as a number".
std::string describeResolution(const ArgType& driver, const ArgType& source) {
    std::string text = "'" + driver.typeName + "' is ";
    if (source.kind == ArgKind::Struct)
        return text + source.baseTypeName + " (" +
               (source.size ? std::to_string(source.size) + " bytes" : "a layout not known") +
               "), read from the source";
    if (source.baseTypeName.rfind("enum ", 0) == 0 ||
        (source.kind == ArgKind::Scalar && source.baseTypeName != scalarTypeName(source.element))) {
        std::string names;
        for (const EnumConstant& constant : source.enumerators)
            names += (names.empty() ? "" : ", ") + constant.name;
        return text + "an enum of " + scalarTypeName(source.element) +
               ", read from the source: give " +
               (names.empty() ? std::string("its value as a number")
                              : "a constant's name (" + names + ") or a number");
    }
    return text + source.baseTypeName + ", read from the source";
}

} // namespace

void resolveFromSource(KernelSignature& signature, const SourceSet& sources,
                       const std::string& buildOptions) {
    const auto unknown = [](const KernelArgSignature& arg) { return needsSource(arg.type); };
    if (std::none_of(signature.args.begin(), signature.args.end(), unknown))
        return;
    const auto explainAll = [&](const std::string& why) {
        for (KernelArgSignature& arg : signature.args)
            if (needsSource(arg.type))
                arg.type.resolution = why;
    };
    std::vector<KernelSignature> fromSource;
    try {
        fromSource = signaturesFromSource(sources, buildOptions);
    } catch (const ClError& error) {
        explainAll(std::string("the engine could not read it from the source: ") + error.what());
        return;
    }
    const auto match = std::find_if(fromSource.begin(), fromSource.end(), [&](const auto& kernel) {
        return kernel.name == signature.name;
    });
    if (match == fromSource.end()) {
        explainAll("the source, as the engine reads it, has no kernel '" + signature.name + "'");
        return;
    }
    if (match->args.size() != signature.args.size()) {
        explainAll("the source, as the engine reads it, gives kernel '" + signature.name + "' " +
                   std::to_string(match->args.size()) + " parameters, the driver " +
                   std::to_string(signature.args.size()));
        return;
    }
    for (size_t i = 0; i < signature.args.size(); ++i) {
        ArgType& driver = signature.args[i].type;
        const ArgType& source = match->args[i].type;
        if (!needsSource(driver))
            continue;
        if (source.kind == ArgKind::Struct && source.fields.empty()) {
            driver.resolution = "the engine could not lay out " + source.baseTypeName +
                                " from the source: a bit-field, an attribute on a member, or a "
                                "member type it does not know";
            continue;
        }
        if (needsSource(source)) {
            driver.resolution = "the source does not resolve '" + driver.typeName +
                                "' either (it reads '" + source.baseTypeName + "')";
            continue;
        }
        ArgType resolved = source;
        resolved.typeName = driver.typeName; // the driver's spelling, as the panel shows it
        resolved.resolution = describeResolution(driver, source);
        driver = std::move(resolved);
    }
}

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
    if (std::any_of(signature.args.begin(), signature.args.end(),
                    [](const auto& arg) { return needsSource(arg.type); })) {
        // A program made from source still has it; one from a binary (the cache) has none, and
        // its caller resolves against the sources it built from.
        const Program program = kernel.program();
        if (std::string source = program.source(); !source.empty())
            resolveFromSource(signature, SourceSet::single(std::move(source)),
                              buildOptionsOf(program));
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
