// spec.md#gap-read-item: the item as content/items/<id> returns it.
import { isProtected, type Item } from "./items";

export function itemView(item: Item, proxyUrl?: string): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: item.id,
    owner: item.owner,
    orgId: item.orgId,
    created: item.created,
    modified: item.modified,
    title: item.title,
    type: item.type,
    typeKeywords: item.typeKeywords,
    description: item.description,
    tags: item.tags,
    snippet: item.snippet,
    thumbnail: item.thumbnail ?? null,
    extent: item.extent,
    categories: item.categories,
    url: item.url ?? null,
    access: item.access,
    protected: isProtected(item),
    ownerFolder: item.folder,
    size: item.size,
    culture: item.culture ?? null,
    licenseInfo: item.licenseInfo ?? null,
    accessInformation: item.accessInformation ?? null,
    properties: item.properties ?? null,
    appCategories: item.appCategories,
    industries: item.industries,
    languages: item.languages,
    screenshots: item.screenshots,
    largeThumbnail: item.largeThumbnail ?? null,
    banner: item.banner ?? null,
    listed: false,
    name: item.name ?? item.fileName ?? null,
    // the rest of the public item JSON (REST API "Item" response properties; docs/dev/fidelity.md):
    // what the emulator does not model, with the values a fresh item has
    isOrgItem: true,
    guid: null,
    documentation: null,
    spatialReference: null,
    proxyFilter: null,
    subInfo: 0,
    commentsEnabled: true,
    numComments: 0,
    numRatings: 0,
    avgRating: 0,
    numViews: 0,
    scoreCompleteness: 0,
    groupDesignations: null,
    lastViewed: -1,
  };
  if (item.contentStatus) view.contentStatus = item.contentStatus;
  if (item.classification) view.classification = item.classification;
  if (item.listingProperties) view.listingProperties = item.listingProperties;
  view.advancedSettings = item.advancedSettings ?? null;
  if (item.serviceProxyFilter) view.serviceProxyFilter = item.serviceProxyFilter;
  if (item.serviceProxyParams) view.serviceProxyParams = item.serviceProxyParams;
  if (item.serviceUsername !== undefined) view.serviceUsername = item.serviceUsername;
  if (item.serviceCredentialsType) view.serviceCredentialsType = item.serviceCredentialsType;
  if (proxyUrl) view.serviceProxyUrl = proxyUrl;
  return view;
}
