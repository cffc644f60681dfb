#pragma once
// Formats a file with clang-format, in a child process so that the GUI never waits for it. The
// style is the .clang-format found from the file's folder upwards, else LLVM's.
#include <QObject>
#include <QString>

#include <functional>

namespace clw::ui {

class CodeFormatter : public QObject {
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 10000;
    // formatted is empty and error says why when it failed.
    using Done = std::function<void(const QString& formatted, const QString& error)>;

    explicit CodeFormatter(QObject* parent = nullptr);

    // clang-format from PATH ($CLW_CLANG_FORMAT when set); empty when there is none.
    static QString findProgram();
    // Formats `text` as the file `path` (which may not exist yet); done() comes on this thread.
    void format(const QString& text, const QString& path, Done done);
};

} // namespace clw::ui
