#pragma once
// Editing a build-options string the way the presets of the build panel do: flags toggled,
// -cl-std= set, -D defines and -I directories added, without disturbing what the person typed.
// Qt Core only.
#include <QString>
#include <QStringList>

namespace clw::ui {

class BuildOptions {
public:
    // The options split into arguments; a quoted argument ("-I \"a b\"") stays one.
    static QStringList split(const QString& options);
    static QString join(const QStringList& arguments);

    static bool hasFlag(const QString& options, const QString& flag);
    // Adds the flag when absent, removes it when present.
    static QString toggleFlag(const QString& options, const QString& flag);
    // "CL1.2", "CL2.0", "CL3.0"; empty when no -cl-std= is given.
    static QString standard(const QString& options);
    // Replaces any -cl-std=; an empty version removes it.
    static QString setStandard(const QString& options, const QString& version);
    // Appends "-D NAME" or "-D NAME=VALUE" (a definition of NAME given before is replaced).
    static QString addDefine(const QString& options, const QString& definition);
    // Appends "-I DIR", quoted when it holds a space; nothing when the directory is there.
    static QString addIncludeDir(const QString& options, const QString& dir);
    // The -I directories, in order.
    static QStringList includeDirs(const QString& options);
};

} // namespace clw::ui
