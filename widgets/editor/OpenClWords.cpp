#include "editor/OpenClWords.h"

#include "editor/OpenClBuiltins.h"

#include <QSet>
#include <QString>
#include <QStringList>

namespace clw::ui {

namespace {

QSet<QString> wordSet(const char* words) {
    QSet<QString> set;
    const QStringList list = QString::fromLatin1(words).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString& word : list)
        set.insert(word);
    return set;
}

struct Tables {
    QSet<QString> keywords = wordSet(
        "auto break case const continue default do else enum extern for goto if inline register "
        "restrict return sizeof static struct switch typedef union volatile while true false "
        "__kernel kernel uniform __inline _Alignas _Alignof _Atomic _Bool _Generic _Noreturn "
        "_Static_assert _Thread_local complex imaginary");
    QSet<QString> types = wordSet(
        "void bool char uchar unsigned signed short ushort int uint long ulong float double half "
        "quad size_t ptrdiff_t intptr_t uintptr_t cl_mem_fence_flags memory_order memory_scope "
        "atomic_int atomic_uint atomic_long atomic_ulong atomic_float atomic_double atomic_half "
        "atomic_intptr_t atomic_uintptr_t atomic_size_t atomic_ptrdiff_t atomic_flag "
        "kernel_enqueue_flags_t clk_profiling_info");
    QSet<QString> vectorTypes = [] {
        QSet<QString> set;
        for (const char* base : {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
                                 "float", "double", "half", "bool"})
            for (int width : {2, 3, 4, 8, 16})
                set.insert(QString::fromLatin1(base) + QString::number(width));
        return set;
    }();
    QSet<QString> imageTypes = wordSet(
        "image1d_t image1d_array_t image1d_buffer_t image2d_t image2d_array_t image2d_depth_t "
        "image2d_array_depth_t image2d_msaa_t image2d_array_msaa_t image2d_msaa_depth_t "
        "image2d_array_msaa_depth_t image3d_t sampler_t event_t queue_t clk_event_t ndrange_t "
        "reserve_id_t pipe");
    QSet<QString> addressSpaces =
        wordSet("__global global __local local __constant constant __private private __generic "
                "generic");
    QSet<QString> access =
        wordSet("__read_only read_only __write_only write_only __read_write read_write");
    QSet<QString> attributeNames = wordSet(
        "reqd_work_group_size work_group_size_hint vec_type_hint aligned packed endian nosvm "
        "opencl_unroll_hint intel_reqd_sub_group_size max_work_group_size noinline always_inline "
        "host device unused __aligned__ __packed__ __endian__");
};

const Tables& tables() {
    static const Tables instance;
    return instance;
}

} // namespace

OpenClWords::Kind OpenClWords::classify(QStringView word) {
    const Tables& t = tables();
    const QString key = word.toString();
    if (t.keywords.contains(key))
        return Kind::Keyword;
    if (t.types.contains(key))
        return Kind::Type;
    if (t.vectorTypes.contains(key))
        return Kind::VectorType;
    if (t.imageTypes.contains(key))
        return Kind::ImageType;
    if (t.addressSpaces.contains(key))
        return Kind::AddressSpace;
    if (t.access.contains(key))
        return Kind::AccessQualifier;
    if (key == QLatin1String("__attribute__") || key == QLatin1String("__attribute"))
        return Kind::Attribute;
    const OpenClBuiltins& builtins = OpenClBuiltins::instance();
    if (builtins.isFunction(word))
        return Kind::Builtin;
    if (builtins.isConstant(word))
        return Kind::Constant;
    return Kind::Identifier;
}

bool OpenClWords::isAttributeName(QStringView word) {
    return tables().attributeNames.contains(word.toString());
}

} // namespace clw::ui
