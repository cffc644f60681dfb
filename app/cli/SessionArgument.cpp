#include "cli/SessionArgument.h"

#include "clw/engine/session/SessionError.h"

#include <QFile>

namespace clw::app {

engine::SessionFile::ReadResult readSessionArgument(const QString& path,
                                                    std::filesystem::path& folder) {
    if (path.startsWith(QStringLiteral(":/"))) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            throw engine::SessionError(path.toStdString() +
                                       ": no such built-in sample; the samples are under "
                                       ":/samples/ (vector_add.clwb, matmul_local.clwb, ...)");
        folder = std::filesystem::current_path();
        return engine::SessionFile::parse(file.readAll().toStdString(), path.toStdString());
    }
    const std::filesystem::path file(path.toStdU16String());
    folder = std::filesystem::absolute(file).parent_path();
    return engine::SessionFile::read(file);
}

} // namespace clw::app
