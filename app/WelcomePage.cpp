#include "WelcomePage.h"

#include "session/RecentSessions.h"

#include "clw/engine/session/SessionFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <exception>

namespace clw::app {

namespace {
constexpr int kPathRole = Qt::UserRole;

QListWidget* makeList(const QString& objectName, QWidget* parent) {
    auto* list = new QListWidget(parent);
    list->setObjectName(objectName);
    list->setWordWrap(true);
    list->setSpacing(2);
    return list;
}
} // namespace

WelcomePage::WelcomePage(QSettings& settings, QWidget* parent)
    : QWidget(parent)
    , m_settings(settings)
    , m_samples(makeList(QStringLiteral("sampleList"), this))
    , m_recent(makeList(QStringLiteral("recentList"), this)) {
    setObjectName(QStringLiteral("welcomePage"));
    auto* title = new QLabel(tr("<h1>CL Workbench</h1><p>Write a kernel, bind its data, run it "
                                "on a real device and see what it did.</p>"),
                             this);
    title->setWordWrap(true);
    auto* newButton = new QPushButton(tr("&New session"), this);
    newButton->setObjectName(QStringLiteral("newSessionButton"));
    auto* openButton = new QPushButton(tr("&Open session..."), this);
    openButton->setObjectName(QStringLiteral("openSessionButton"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(newButton);
    buttons->addWidget(openButton);
    buttons->addStretch();

    auto* lists = new QHBoxLayout;
    auto* sampleColumn = new QVBoxLayout;
    sampleColumn->addWidget(new QLabel(tr("<b>Samples</b> (double-click to open)"), this));
    sampleColumn->addWidget(m_samples);
    auto* recentColumn = new QVBoxLayout;
    recentColumn->addWidget(new QLabel(tr("<b>Recent sessions</b>"), this));
    recentColumn->addWidget(m_recent);
    lists->addLayout(sampleColumn, 3);
    lists->addLayout(recentColumn, 2);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title);
    layout->addLayout(buttons);
    layout->addLayout(lists, 1);

    connect(newButton, &QPushButton::clicked, this, &WelcomePage::newRequested);
    connect(openButton, &QPushButton::clicked, this, &WelcomePage::openRequested);
    connect(m_samples, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        Q_EMIT sampleChosen(item->data(kPathRole).toString());
    });
    connect(m_recent, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        Q_EMIT recentChosen(item->data(kPathRole).toString());
    });
    fillSamples();
    refresh();
}

QStringList WelcomePage::samplePaths() {
    const QDir folder(QStringLiteral(":/samples"));
    QStringList paths;
    for (const QString& name :
         folder.entryList({QStringLiteral("*.clwb")}, QDir::Files, QDir::Name))
        paths.append(folder.filePath(name));
    return paths;
}

void WelcomePage::fillSamples() {
    m_samples->clear();
    for (const QString& path : samplePaths()) {
        QString text = QFileInfo(path).completeBaseName();
        QFile file(path);
        if (file.open(QIODevice::ReadOnly)) {
            try {
                const auto read =
                    engine::SessionFile::parse(file.readAll().toStdString(), text.toStdString());
                const QString title = QString::fromStdString(read.session.title);
                const QString description = QString::fromStdString(read.session.description);
                text = (title.isEmpty() ? text : title) +
                       (description.isEmpty() ? QString() : QStringLiteral("\n") + description);
            } catch (const std::exception& error) {
                text += tr(" (does not read: %1)").arg(QString::fromStdString(error.what()));
            }
        }
        auto* item = new QListWidgetItem(text, m_samples);
        item->setData(kPathRole, path);
    }
}

void WelcomePage::refresh() {
    m_recent->clear();
    const QStringList paths = RecentSessions(m_settings).paths();
    for (const QString& path : paths) {
        auto* item =
            new QListWidgetItem(QFileInfo(path).fileName() + QStringLiteral("\n") + path, m_recent);
        item->setData(kPathRole, path);
    }
    if (paths.isEmpty()) {
        auto* item = new QListWidgetItem(tr("No recent session yet."), m_recent);
        item->setFlags(Qt::NoItemFlags);
    }
}

} // namespace clw::app
