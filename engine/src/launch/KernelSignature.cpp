#include "clw/engine/launch/KernelSignature.h"

#include <cctype>
#include <utility>

namespace clw::engine {

namespace {

struct ScalarName {
    std::string_view name;
    ScalarType type;
};

// Every spelling a driver may use for a scalar: OpenCL's short names and the C keyword forms
// some drivers print ("unsigned int").
constexpr ScalarName kScalars[] = {
    {"bool", ScalarType::Bool},
    {"_Bool", ScalarType::Bool},
    {"char", ScalarType::Char},
    {"signed char", ScalarType::Char},
    {"uchar", ScalarType::UChar},
    {"unsigned char", ScalarType::UChar},
    {"short", ScalarType::Short},
    {"signed short", ScalarType::Short},
    {"ushort", ScalarType::UShort},
    {"unsigned short", ScalarType::UShort},
    {"int", ScalarType::Int},
    {"signed int", ScalarType::Int},
    {"signed", ScalarType::Int},
    {"uint", ScalarType::UInt},
    {"unsigned int", ScalarType::UInt},
    {"unsigned", ScalarType::UInt},
    {"long", ScalarType::Long},
    {"signed long", ScalarType::Long},
    {"ulong", ScalarType::ULong},
    {"unsigned long", ScalarType::ULong},
    {"half", ScalarType::Half},
    {"float", ScalarType::Float},
    {"double", ScalarType::Double},
    {"size_t", ScalarType::SizeT},
    {"ptrdiff_t", ScalarType::PtrDiffT},
    {"intptr_t", ScalarType::IntPtrT},
    {"uintptr_t", ScalarType::UIntPtrT},
    {"void", ScalarType::Void},
};

constexpr std::string_view kImageTypes[] = {
    "image1d_t",
    "image1d_array_t",
    "image1d_buffer_t",
    "image2d_t",
    "image2d_array_t",
    "image3d_t",
    "image2d_depth_t",
    "image2d_array_depth_t",
    "image2d_msaa_t",
    "image2d_array_msaa_t",
    "image2d_msaa_depth_t",
    "image2d_array_msaa_depth_t",
};

// Words some drivers leave in a type name that say nothing about the type itself.
constexpr std::string_view kNoiseWords[] = {
    "const",     "volatile",     "restrict",   "__restrict",   "__global",
    "global",    "__local",      "local",      "__constant",   "constant",
    "__private", "private",      "__generic",  "generic",      "__read_only",
    "read_only", "__write_only", "write_only", "__read_write", "read_write",
};

bool isNoise(std::string_view word) {
    for (std::string_view noise : kNoiseWords)
        if (word == noise)
            return true;
    return false;
}

// The name's words with the noise dropped and single spaces between: "const  float " -> "float".
std::string normalized(std::string_view text) {
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        size_t end = i;
        while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])))
            ++end;
        const std::string_view word = text.substr(i, end - i);
        if (!word.empty() && !isNoise(word))
            out += (out.empty() ? "" : " ") + std::string(word);
        i = end;
    }
    return out;
}

bool findScalar(std::string_view name, ScalarType& type) {
    for (const ScalarName& scalar : kScalars) {
        if (scalar.name == name) {
            type = scalar.type;
            return true;
        }
    }
    return false;
}

bool isVectorElement(ScalarType type) {
    switch (type) {
    case ScalarType::Char:
    case ScalarType::UChar:
    case ScalarType::Short:
    case ScalarType::UShort:
    case ScalarType::Int:
    case ScalarType::UInt:
    case ScalarType::Long:
    case ScalarType::ULong:
    case ScalarType::Half:
    case ScalarType::Float:
    case ScalarType::Double:
        return true;
    default:
        return false;
    }
}

// "float4" -> (Float, 4); false for anything that is not an OpenCL vector name.
bool findVector(std::string_view name, ScalarType& element, int& width) {
    size_t digits = name.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1])))
        --digits;
    if (digits == name.size() || digits == 0)
        return false;
    const std::string_view count = name.substr(digits);
    if (count != "2" && count != "3" && count != "4" && count != "8" && count != "16")
        return false;
    if (!findScalar(name.substr(0, digits), element) || !isVectorElement(element) ||
        name.substr(0, digits).find(' ') != std::string_view::npos)
        return false;
    width = std::stoi(std::string(count));
    return true;
}

bool startsWithWord(std::string_view name, std::string_view word) {
    return name.size() > word.size() && name.substr(0, word.size()) == word &&
           name[word.size()] == ' ';
}

// Fills element / vectorWidth / kind for a name that is not a pointer.
void classifyValue(std::string_view name, ArgType& type) {
    ScalarType scalar = ScalarType::Unknown;
    int width = 1;
    if (findScalar(name, scalar)) {
        type.kind = ArgKind::Scalar;
        type.element = scalar;
        type.size = scalarSize(scalar);
    } else if (findVector(name, scalar, width)) {
        type.kind = ArgKind::Vector;
        type.element = scalar;
        type.vectorWidth = width;
        type.size = scalarSize(scalar) * size_t(width == 3 ? 4 : width);
    } else if (startsWithWord(name, "struct") || startsWithWord(name, "union")) {
        type.kind = ArgKind::Struct;
        type.element = ScalarType::Struct;
    } else if (startsWithWord(name, "enum")) {
        // Enumerations are int-sized in OpenCL C (the enumerators must fit an int).
        type.kind = ArgKind::Scalar;
        type.element = ScalarType::Int;
        type.size = 4;
    } else if (name == "sampler_t") {
        type.kind = ArgKind::Sampler;
    } else if (name == "queue_t") {
        type.kind = ArgKind::Queue;
    } else if (name == "clk_event_t" || name == "event_t") {
        type.kind = ArgKind::Event;
    } else {
        for (std::string_view image : kImageTypes) {
            if (name == image) {
                type.kind = ArgKind::Image;
                type.imageType = std::string(image);
            }
        }
    }
}

} // namespace

const char* scalarTypeName(ScalarType type) {
    switch (type) {
    case ScalarType::Struct:
        return "struct";
    case ScalarType::Unknown:
        return "unknown";
    default:
        break;
    }
    for (const ScalarName& scalar : kScalars)
        if (scalar.type == type)
            return scalar.name.data(); // the first spelling of each is the OpenCL one
    return "unknown";
}

size_t scalarSize(ScalarType type) {
    switch (type) {
    case ScalarType::Bool:
    case ScalarType::Char:
    case ScalarType::UChar:
        return 1;
    case ScalarType::Short:
    case ScalarType::UShort:
    case ScalarType::Half:
        return 2;
    case ScalarType::Int:
    case ScalarType::UInt:
    case ScalarType::Float:
        return 4;
    case ScalarType::Long:
    case ScalarType::ULong:
    case ScalarType::Double:
        return 8;
    default:
        return 0; // size_t and friends follow the device's address width
    }
}

ArgType parseArgType(std::string_view typeName, cl_kernel_arg_address_qualifier address,
                     cl_kernel_arg_type_qualifier typeQualifier) {
    (void)address; // the name alone decides; the parameter keeps the driver path's call uniform
    ArgType type;
    type.typeName = std::string(typeName);
    type.baseTypeName = type.typeName;
    std::string name = normalized(typeName);
    // "float *" and "float*" alike.
    size_t stars = 0;
    while (!name.empty() && (name.back() == '*' || name.back() == ' ')) {
        stars += name.back() == '*';
        name.pop_back();
    }
    if (stars > 1)
        return type; // not a valid kernel argument: leave it unknown
    if (stars == 1) {
        ArgType pointee;
        classifyValue(name, pointee);
        type.kind = ArgKind::Pointer;
        type.element = pointee.element;
        type.vectorWidth = pointee.vectorWidth;
        return type;
    }
    classifyValue(name, type);
    if (typeQualifier & CL_KERNEL_ARG_TYPE_PIPE) {
        type.kind = ArgKind::Pipe;
        type.size = 0;
    }
    return type;
}

std::string KernelArgSignature::declaration() const {
    std::string text;
    switch (addressQualifier) {
    case CL_KERNEL_ARG_ADDRESS_GLOBAL:
        // Images and pipes live in global memory but are not written with __global.
        if (type.kind != ArgKind::Image && type.kind != ArgKind::Pipe)
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
    switch (accessQualifier) {
    case CL_KERNEL_ARG_ACCESS_READ_ONLY:
        text += "__read_only ";
        break;
    case CL_KERNEL_ARG_ACCESS_WRITE_ONLY:
        text += "__write_only ";
        break;
    case CL_KERNEL_ARG_ACCESS_READ_WRITE:
        text += "__read_write ";
        break;
    default:
        break;
    }
    if (typeQualifier & CL_KERNEL_ARG_TYPE_PIPE)
        text += "pipe ";
    // __constant implies const; drivers report both, the declaration need not say it twice.
    if ((typeQualifier & CL_KERNEL_ARG_TYPE_CONST) &&
        addressQualifier != CL_KERNEL_ARG_ADDRESS_CONSTANT)
        text += "const ";
    if (typeQualifier & CL_KERNEL_ARG_TYPE_VOLATILE)
        text += "volatile ";
    std::string typeText = type.typeName;
    if (!typeText.empty() && typeText.back() == '*') {
        typeText.pop_back();
        text += typeText + " *";
        if (typeQualifier & CL_KERNEL_ARG_TYPE_RESTRICT)
            text += name.empty() ? "restrict" : "restrict ";
        return text + name;
    }
    return text + typeText + (name.empty() ? "" : " " + name);
}

} // namespace clw::engine
