#pragma once
// What a word means in OpenCL C: the classes the lexer styles apart (keywords, types, vector and
// image types, address-space and access qualifiers, attributes, builtins). Qt Core only.
#include <QStringView>

namespace clw::ui {

class OpenClWords {
public:
    enum class Kind {
        Identifier,      // anything else
        Keyword,         // C99 keywords and kernel / __kernel, typedef, struct, ...
        Type,            // scalar and other named types: float, uint, size_t, atomic_int, ...
        VectorType,      // float4, uchar16, ...
        ImageType,       // image2d_t, sampler_t, event_t, pipe, ... (opaque types)
        AddressSpace,    // __global, local, __constant, private, generic
        AccessQualifier, // read_only, __write_only, read_write
        Attribute,       // __attribute__ and the attribute names that go inside it
        Builtin,         // a builtin function of resources/opencl/builtins.txt
        Constant,        // a builtin constant or macro: CLK_LOCAL_MEM_FENCE, M_PI_F, ...
    };

    // How the word is classified outside an __attribute__((...)).
    static Kind classify(QStringView word);
    // True for names that mean something inside __attribute__((...)) (reqd_work_group_size, ...).
    static bool isAttributeName(QStringView word);
};

} // namespace clw::ui
