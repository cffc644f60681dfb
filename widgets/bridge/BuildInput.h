#pragma once
// What the editor asks a build for, as Qt values made on the GUI thread; the build job turns them
// into an engine BuildRequest on its worker thread.
#include <QList>
#include <QString>
#include <QStringList>

namespace clw::ui {

struct BuildSourceFile {
    QString name; // as `#include "..."` spells it from the main file's folder
    QString text;
};

struct BuildSources {
    QList<BuildSourceFile> files;
    QString mainFile;        // the name of the file compiled
    QStringList includeDirs; // searched after the files: the main file's folder
};

struct BuildInput {
    BuildSources sources;
    QString options;
    QStringList devices; // device names; empty = the default device, {"*"} = every device
    QString tag;         // a newer build with the same tag replaces a queued one
    bool store = true;   // false: not stored in the binary cache (engine::BuildRequest::store)
};

} // namespace clw::ui
